/// A delegate or handler crossing to the task that calls it. Apple's delegates are Objective-C objects called
/// on the session's delegate queue whatever their Sendable conformance; app code written for them is not
/// required to be Sendable here either.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
