// AlamofireCompat: Alamofire 5 on Linux.
