import Foundation
@testable import ReportCollector
import Testing

/// The flood rule on its own: more than `limit` hosts reaching the threshold within the window make one
/// flood alert, host alerts are held back until the window holds no more than `limit`, and a flood that
/// returns within a window of its end raises no second flood alert.
@Suite struct AlertFloodGateTests {
    private let start = SampleReports.time

    private func gate(limit: Int = 10, window: TimeInterval = 600) -> AlertFloodGate {
        AlertFloodGate(limit: limit, window: window, threshold: 5, hostWindow: 3600)
    }

    @Test func aHundredHostsGiveTheLimitsHostAlertsAndOneFloodAlert() throws {
        var gate = gate()
        let decisions = (0..<100).map { gate.admit("host-\($0).example", at: start.addingTimeInterval(Double($0))) }
        #expect(decisions.prefix(10).allSatisfy { $0 == .fire })
        let flood = try #require({ if case .startFlood(let event) = decisions[10] { return event } else { return nil } }())
        #expect(decisions.dropFirst(11).allSatisfy { $0 == .suppress })
        #expect(flood.hosts == 11)
        #expect(flood.sampleHosts == (0..<10).map { "host-\($0).example" })
        #expect(flood.floodHosts == 10)
        #expect(flood.floodWindowSeconds == 600)
        #expect(flood.threshold == 5)
        #expect(flood.windowSeconds == 3600)
        #expect(flood.at == start.addingTimeInterval(10))
        #expect(gate.isFlooding)
    }

    @Test func hostAlertsResumeOnceTheFloodSubsidesAndAReturningFloodIsNotAlertedTwice() {
        var gate = gate(limit: 2, window: 600)
        #expect(gate.admit("a", at: start) == .fire)
        #expect(gate.admit("b", at: start.addingTimeInterval(1)) == .fire)
        guard case .startFlood = gate.admit("c", at: start.addingTimeInterval(2)) else {
            Issue.record("a third host within the window did not start a flood")
            return
        }
        #expect(gate.admit("d", at: start.addingTimeInterval(3)) == .suppress)
        // Ten minutes on, the window holds only this host: the flood is over and its alert fires.
        #expect(gate.admit("e", at: start.addingTimeInterval(700)) == .fireAfterFlood(suppressed: 2))
        #expect(!gate.isFlooding)
        #expect(gate.admit("f", at: start.addingTimeInterval(701)) == .fire)
        // Over the limit again within a window of the flood's end: held back, no second flood alert.
        #expect(gate.admit("g", at: start.addingTimeInterval(702)) == .resumeFlood)
        #expect(gate.admit("h", at: start.addingTimeInterval(1400)) == .fireAfterFlood(suppressed: 1))
        // More than a window after that end, a new flood is alerted again.
        #expect(gate.admit("k", at: start.addingTimeInterval(2100)) == .fire)
        #expect(gate.admit("l", at: start.addingTimeInterval(2101)) == .fire)
        guard case .startFlood(let second) = gate.admit("m", at: start.addingTimeInterval(2102)) else {
            Issue.record("a new flood a window after the last one ended raised no flood alert")
            return
        }
        #expect(second.sampleHosts == ["k", "l", "m"])
    }

    @Test func aHostThatReturnsCountsOnceAndSampledNamesAreBounded() {
        var gate = gate(limit: 2, window: 600)
        #expect(gate.admit("a", at: start) == .fire)
        #expect(gate.admit("a", at: start.addingTimeInterval(1)) == .fire)
        #expect(gate.admit("b", at: start.addingTimeInterval(2)) == .fire)
        let long = String(repeating: "x", count: 1000)
        guard case .startFlood(let flood) = gate.admit(long, at: start.addingTimeInterval(3)) else {
            Issue.record("no flood")
            return
        }
        #expect(flood.hosts == 3)
        #expect(flood.sampleHosts.last?.count == FloodAlertEvent.sampleNameLimit)
    }

    @Test func theFloodJSONSaysItIsAFlood() throws {
        let event = FloodAlertEvent(hosts: 11, sampleHosts: ["a.example", "b.example"], floodHosts: 10, floodWindowSeconds: 600,
                                    threshold: 5, windowSeconds: 3600, at: start)
        let json = try #require(try JSONSerialization.jsonObject(with: event.jsonData()) as? [String: Any])
        #expect(Set(json.keys) == ["kind", "hosts", "sample_hosts", "flood_hosts", "flood_window_seconds", "threshold",
                                   "window_seconds", "at"])
        #expect(json["kind"] as? String == "flood")
        #expect(json["hosts"] as? Int == 11)
        #expect(json["sample_hosts"] as? [String] == ["a.example", "b.example"])
        #expect(json["at"] as? String == "2026-12-01T00:00:00Z")
        let host = AlertEvent(host: "a.example", failures: 5, threshold: 5, windowSeconds: 3600, at: start)
        let hostJSON = try #require(try JSONSerialization.jsonObject(with: host.jsonData()) as? [String: Any])
        // Today's fields, plus `kind`.
        #expect(Set(hostJSON.keys) == ["kind", "host", "failures", "threshold", "window_seconds", "at"])
        #expect(hostJSON["kind"] as? String == "host")
    }
}
