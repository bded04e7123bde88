import Dispatch
import Foundation
import URLSessionCompat

/// Alamofire's `DataRequest`: a request whose response body is received in memory, then validated and
/// serialized by the response handlers added to it (`response`, `responseData`, `responseString`,
/// `responseDecodable`, or the async `serializingData()` and its kin).
public class DataRequest: Request, @unchecked Sendable {
    /// The value the `URLRequest` is made from.
    public let convertible: any URLRequestConvertible
    /// The body received so far (the whole body once the request finished).
    public var data: Data? { dataState.read(\.data) }

    struct DataMutableState {
        var data: Data?
        var validators: [@Sendable () -> Void] = []
    }

    private let dataState = Protected(DataMutableState())

    init(convertible: any URLRequestConvertible, underlyingQueue: DispatchQueue, serializationQueue: DispatchQueue,
         interceptor: (any RequestInterceptor)?, shouldAutomaticallyResume: Bool?, session: Session)
    {
        self.convertible = convertible
        super.init(underlyingQueue: underlyingQueue, serializationQueue: serializationQueue, interceptor: interceptor,
                   shouldAutomaticallyResume: shouldAutomaticallyResume, session: session)
    }

    override func makeURLRequest() throws -> URLRequest {
        try convertible.asURLRequest()
    }

    override func reset() {
        dataState.write { $0.data = nil }
    }

    override func didReceive(data: Data) {
        dataState.write { state in
            if state.data == nil { state.data = data } else { state.data!.append(data) }
        }
    }

    override func runValidators() {
        for validator in dataState.read(\.validators) { validator() }
    }

    /// Validates the response with `validation` once the task completed without error: a `.failure` becomes the
    /// request's error (an AFError as it is, any other error as `.responseValidationFailed(.customValidationFailed)`).
    /// Validators run in the order they were added; after the first failure the rest are skipped.
    @preconcurrency
    @discardableResult
    public func validate(_ validation: @escaping Validation) -> Self {
        let validator: @Sendable () -> Void = { [unowned self] in
            guard error == nil, let response else { return }
            let result = validation(request, response, data)
            if case let .failure(failure) = result {
                error = failure.asAFError(or: .responseValidationFailed(reason: .customValidationFailed(error: failure)))
            }
        }
        dataState.write { $0.validators.append(validator) }
        return self
    }

    // MARK: Response serialization

    /// Adds a handler called with the unserialized response: the body as received (nil if none) or the error.
    @preconcurrency
    @discardableResult
    public func response(queue: DispatchQueue = .main, completionHandler: @escaping @Sendable (AFDataResponse<Data?>) -> Void) -> Self {
        appendResponseSerializer {
            let result = AFResult<Data?>(value: self.data, error: self.error)
            let response = DataResponse(request: self.request, response: self.response, data: self.data,
                                        metrics: self.metrics, serializationDuration: 0, result: result)
            queue.async { completionHandler(response) }
        }
        return self
    }

    private func _response<Serializer: DataResponseSerializerProtocol>(
        queue: DispatchQueue, responseSerializer: Serializer,
        completionHandler: @escaping @Sendable (AFDataResponse<Serializer.SerializedObject>) -> Void
    ) -> Self {
        appendResponseSerializer {
            let start = ProcessInfo.processInfo.systemUptime
            let result: AFResult<Serializer.SerializedObject> = Result {
                try responseSerializer.serialize(request: self.request, response: self.response, data: self.data, error: self.error)
            }.mapError { error in
                error.asAFError(or: .responseSerializationFailed(reason: .customSerializationFailed(error: error)))
            }
            let end = ProcessInfo.processInfo.systemUptime
            let response = DataResponse(request: self.request, response: self.response, data: self.data,
                                        metrics: self.metrics, serializationDuration: end - start, result: result)
            queue.async { completionHandler(response) }
        }
        return self
    }

    /// Adds a handler called with the response serialized by `responseSerializer`.
    @preconcurrency
    @discardableResult
    public func response<Serializer: DataResponseSerializerProtocol>(queue: DispatchQueue = .main,
                                                                     responseSerializer: Serializer,
                                                                     completionHandler: @escaping @Sendable (AFDataResponse<Serializer.SerializedObject>) -> Void)
        -> Self
    {
        _response(queue: queue, responseSerializer: responseSerializer, completionHandler: completionHandler)
    }

    /// Adds a handler called with the response serialized by `responseSerializer`.
    @preconcurrency
    @discardableResult
    public func response<Serializer: ResponseSerializer>(queue: DispatchQueue = .main,
                                                         responseSerializer: Serializer,
                                                         completionHandler: @escaping @Sendable (AFDataResponse<Serializer.SerializedObject>) -> Void)
        -> Self
    {
        _response(queue: queue, responseSerializer: responseSerializer, completionHandler: completionHandler)
    }

    /// Adds a handler called with the body parsed by `JSONSerialization` (`NSNull()` for an empty body that the
    /// status or method allows), as Alamofire's deprecated `responseJSON`. Its `Any` value is handed to the
    /// handler on `queue` without a Sendable check, as Alamofire's Swift 5 build hands it.
    @available(*, deprecated, message: "responseJSON deprecated and will be removed in Alamofire 6. Use responseDecodable instead.")
    @preconcurrency
    @discardableResult
    public func responseJSON(queue: DispatchQueue = .main,
                             dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
                             emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
                             emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods,
                             options: JSONSerialization.ReadingOptions = .allowFragments,
                             completionHandler: @escaping @Sendable (AFDataResponse<Any>) -> Void) -> Self {
        let bodySerializer = DataResponseSerializer(dataPreprocessor: dataPreprocessor, emptyResponseCodes: emptyResponseCodes,
                                                    emptyRequestMethods: emptyRequestMethods)
        return response(queue: queue, responseSerializer: bodySerializer) { bodyResponse in
            let result: AFResult<Any> = bodyResponse.result.flatMap { data in
                // DataResponseSerializer gives empty data only where an empty body is allowed.
                guard !data.isEmpty else { return .success(NSNull()) }
                do {
                    return .success(try JSONSerialization.jsonObject(with: data, options: options))
                } catch {
                    return .failure(.responseSerializationFailed(reason: .jsonSerializationFailed(error: error)))
                }
            }
            completionHandler(DataResponse(request: bodyResponse.request, response: bodyResponse.response, data: bodyResponse.data,
                                           metrics: bodyResponse.metrics, serializationDuration: bodyResponse.serializationDuration,
                                           result: result))
        }
    }

    /// Adds a handler called with the body as `Data` (an empty body fails unless the status or method allows it).
    @preconcurrency
    @discardableResult
    public func responseData(queue: DispatchQueue = .main,
                             dataPreprocessor: any DataPreprocessor = DataResponseSerializer.defaultDataPreprocessor,
                             emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
                             emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods,
                             completionHandler: @escaping @Sendable (AFDataResponse<Data>) -> Void) -> Self
    {
        response(queue: queue,
                 responseSerializer: DataResponseSerializer(dataPreprocessor: dataPreprocessor,
                                                            emptyResponseCodes: emptyResponseCodes,
                                                            emptyRequestMethods: emptyRequestMethods),
                 completionHandler: completionHandler)
    }

    /// Adds a handler called with the body as a `String`, in `encoding`, else the response's charset, else ISO Latin 1.
    @preconcurrency
    @discardableResult
    public func responseString(queue: DispatchQueue = .main,
                               dataPreprocessor: any DataPreprocessor = StringResponseSerializer.defaultDataPreprocessor,
                               encoding: String.Encoding? = nil,
                               emptyResponseCodes: Set<Int> = StringResponseSerializer.defaultEmptyResponseCodes,
                               emptyRequestMethods: Set<HTTPMethod> = StringResponseSerializer.defaultEmptyRequestMethods,
                               completionHandler: @escaping @Sendable (AFDataResponse<String>) -> Void) -> Self
    {
        response(queue: queue,
                 responseSerializer: StringResponseSerializer(dataPreprocessor: dataPreprocessor,
                                                              encoding: encoding,
                                                              emptyResponseCodes: emptyResponseCodes,
                                                              emptyRequestMethods: emptyRequestMethods),
                 completionHandler: completionHandler)
    }

    /// Adds a handler called with the body decoded as `Value` by `decoder`.
    @preconcurrency
    @discardableResult
    public func responseDecodable<Value>(of type: Value.Type = Value.self,
                                         queue: DispatchQueue = .main,
                                         dataPreprocessor: any DataPreprocessor = DecodableResponseSerializer<Value>.defaultDataPreprocessor,
                                         decoder: any DataDecoder = JSONDecoder(),
                                         emptyResponseCodes: Set<Int> = DecodableResponseSerializer<Value>.defaultEmptyResponseCodes,
                                         emptyRequestMethods: Set<HTTPMethod> = DecodableResponseSerializer<Value>.defaultEmptyRequestMethods,
                                         completionHandler: @escaping @Sendable (AFDataResponse<Value>) -> Void) -> Self
        where Value: Decodable, Value: Sendable
    {
        response(queue: queue,
                 responseSerializer: DecodableResponseSerializer(dataPreprocessor: dataPreprocessor,
                                                                 decoder: decoder,
                                                                 emptyResponseCodes: emptyResponseCodes,
                                                                 emptyRequestMethods: emptyRequestMethods),
                 completionHandler: completionHandler)
    }
}
