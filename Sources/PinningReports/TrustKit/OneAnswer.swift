import Synchronization

/// A continuation resumed once, by whichever of several racers answers first; an answer that comes before
/// the continuation (a cancellation handler runs at once for a task already cancelled) is kept for it.
final class OneAnswer<Value: Sendable>: Sendable {
    private enum State {
        case empty
        case armed(CheckedContinuation<Value, Never>)
        case answered(Value)
        case done
    }

    private let state = Mutex(State.empty)

    func arm(_ continuation: CheckedContinuation<Value, Never>) {
        let early: Value? = state.withLock { state in
            guard case .answered(let value) = state else {
                state = .armed(continuation)
                return nil
            }
            state = .done
            return value
        }
        if let early { continuation.resume(returning: early) }
    }

    func give(_ value: Value) {
        let waiting: CheckedContinuation<Value, Never>? = state.withLock { state in
            switch state {
            case .empty:
                state = .answered(value)
                return nil
            case .armed(let continuation):
                state = .done
                return continuation
            case .answered, .done:
                return nil
            }
        }
        waiting?.resume(returning: value)
    }
}
