// TrustKitCompat: TrustKit on Linux.
