import Testing

@testable import DuoPlatform

/// docs/SPEC.md section 1: closed below 5, fullyOpen at or above 175, partiallyOpen
/// between; the first reading uses the thresholds as they are, later
/// changes need the angle 2 deg past the threshold crossed.
@Suite struct HingeStatusRuleTests {
    let rule = HingeThresholds(minimumDegrees: 0, maximumDegrees: 180, closedBelowDegrees: 5, fullyOpenFromDegrees: 175, hysteresisDegrees: 2)

    func status(after previous: HingeStatus, _ degrees: Double) -> HingeStatus {
        rule.status(after: previous, reading: HingeAngle(degrees: degrees))
    }

    @Test func firstReadingUsesThresholdsAsTheyAre() {
        #expect(status(after: .unknown, 0) == .closed)
        #expect(status(after: .unknown, 4.999) == .closed)
        #expect(status(after: .unknown, 5) == .partiallyOpen)
        #expect(status(after: .unknown, 174.999) == .partiallyOpen)
        #expect(status(after: .unknown, 175) == .fullyOpen)
        #expect(status(after: .unknown, 180) == .fullyOpen)
    }

    @Test func openingFromClosedNeedsTwoDegreesPastFive() {
        #expect(status(after: .closed, 5) == .closed)
        #expect(status(after: .closed, 6.999) == .closed)
        #expect(status(after: .closed, 7) == .partiallyOpen)
    }

    @Test func closingFromPartiallyOpenNeedsTwoDegreesBelowFive() {
        #expect(status(after: .partiallyOpen, 4.9) == .partiallyOpen)
        #expect(status(after: .partiallyOpen, 3) == .partiallyOpen)
        #expect(status(after: .partiallyOpen, 2.999) == .closed)
    }

    @Test func openingFlatNeedsTwoDegreesPast175() {
        #expect(status(after: .partiallyOpen, 175) == .partiallyOpen)
        #expect(status(after: .partiallyOpen, 176.999) == .partiallyOpen)
        #expect(status(after: .partiallyOpen, 177) == .fullyOpen)
    }

    @Test func leavingFlatNeedsTwoDegreesBelow175() {
        #expect(status(after: .fullyOpen, 174) == .fullyOpen)
        #expect(status(after: .fullyOpen, 173) == .fullyOpen)
        #expect(status(after: .fullyOpen, 172.999) == .partiallyOpen)
    }

    @Test func aJumpAcrossBothThresholdsLandsWhereTheHysteresisAllows() {
        #expect(status(after: .closed, 180) == .fullyOpen)
        #expect(status(after: .closed, 176) == .partiallyOpen)
        #expect(status(after: .fullyOpen, 0) == .closed)
        #expect(status(after: .fullyOpen, 4) == .partiallyOpen)
    }

    @Test func jitterAroundAThresholdDoesNotFlap() {
        var tracker = HingeStatusTracker(thresholds: rule)
        #expect(tracker.status == .unknown)
        tracker.record(HingeAngle(degrees: 4))
        #expect(tracker.status == .closed)
        var statuses: Set<HingeStatus> = []
        for degrees in [5.5, 4.5, 6.5, 3.5, 6.9, 3.1, 5.0] {
            statuses.insert(tracker.record(HingeAngle(degrees: degrees)))
        }
        #expect(statuses == [.closed])
        tracker.record(HingeAngle(degrees: 7))
        #expect(tracker.status == .partiallyOpen)
        for degrees in [4.5, 3.5, 6.5, 3.0] {
            tracker.record(HingeAngle(degrees: degrees))
            #expect(tracker.status == .partiallyOpen)
        }
    }

    @Test func trackerReportsTheLastReading() {
        var tracker = HingeStatusTracker(thresholds: rule)
        #expect(tracker.hinge == Hinge(status: .unknown, angle: .zero))
        tracker.record(HingeAngle(degrees: 90))
        #expect(tracker.hinge == Hinge(status: .partiallyOpen, angle: HingeAngle(degrees: 90)))
    }
}
