import LocflowCore
import LocflowFlow

extension SimulatedDevice {
    /// Performs any `.flow` step or `expect` line, parsed as `check` parses it:
    /// `try device.perform("user tap \"Allow Once\"")`, `try device.perform("expect status denied")`.
    ///
    /// - A step that is refused throws (`.refused`, with the text `check` prints) and is also
    ///   reported through `lastStepRefused`, so `try? device.perform(...)` followed by
    ///   `try device.perform("expect refused")` passes as the flow would.
    /// - A failed `expect` throws (`.expectationFailed`) with the text `check` prints: the value
    ///   found and the rule (with its source) of the step that decided it.
    /// - Configuration lines throw (`.notAStep`): they are the initializer's.
    ///
    /// `line` numbers the statement in messages ("line 4: ..."), as a flow's line would; without
    /// it, statements are numbered in the order they reach the device.
    public func perform(_ statement: String, line: Int? = nil) throws(SimulatedDeviceError) {
        let parsed: Statement
        do { parsed = try FlowParser.parseStatement(statement, file: "perform") } catch {
            throw SimulatedDeviceError(.parse, error.description)
        }
        switch parsed {
        case .config(let c):
            throw SimulatedDeviceError(.notAStep, "'\(excerpt(c.flowText, limit: 60))' is a configuration statement: give it to SimulatedDevice's initializer (platform:infoPlist:assumptions:)")
        case .step(let event):
            let source = statement.trimmingCharacters(in: .whitespaces)
            if let refusal = apply(event, source: source, line: line) {
                throw SimulatedDeviceError(.refused, StepwiseRun.refusedMessage(source: source, refusal))
            }
        case .expect(let x):
            counter += 1
            if case .refused = x {
                if lastStepRefused == nil {
                    throw SimulatedDeviceError(.expectationFailed, StepwiseRun.notRefusedMessage(lastStep: lastStep))
                }
                return
            }
            if let failure = run.failure(of: x) {
                throw SimulatedDeviceError(.expectationFailed, failure.message)
            }
        }
    }

    /// Whether an `expect` line holds now (the same check as `perform`, without throwing).
    public func holds(_ expectation: String) -> Bool {
        do { try perform(expectation); return true } catch { return false }
    }

    /// Applies one step to the model and delivers what it made observable; returns the refusal.
    @discardableResult
    func apply(_ event: Event, source: String? = nil, line: Int? = nil) -> Why? {
        counter += 1
        let number = line ?? counter
        snapshot = nil
        var entries: [(Transition, World)] = []
        let before = run.world
        let refusal = run.step(event, line: number) { t, after in entries.append((t, after)) }
        lastTransitions = entries.map(\.0)
        lastStepRefused = refusal?.text
        lastStep = (number, source ?? event.flowText)
        if refusal == nil { deliver(entries, before: before) }
        return refusal
    }

    /// A step refused by the library itself (a call on a manager whose process has ended): the
    /// model is not asked, and nothing changes.
    func refuse(_ what: String, _ reason: String) {
        counter += 1
        lastTransitions = []
        lastStepRefused = reason
        lastStep = (counter, what)
    }

    // MARK: Delivery

    /// Hands the app's code what each transition delivered, in order, with the world of that
    /// moment visible to the delegate.
    func deliver(_ entries: [(Transition, World)], before: World) {
        var previous = before
        defer { snapshot = nil }
        for (t, after) in entries {
            snapshot = after
            let explicitFixes = t.outputs.reduce(0) { n, o in if case .fix = o { n + 1 } else { n } }
            let reducedLive = t.outputs.contains(.reducedFix) && after.fixes > previous.fixes ? 1 : 0
            let bulk = after.fixes - previous.fixes - explicitFixes - reducedLive
            if bulk > 0 { deliverBulkFixes(bulk, before: previous, after: after) }
            var launchCallbackPending = false
            for output in t.outputs {
                switch output {
                case .launched:
                    // A new process: the app's launch code runs (and makes its manager), and the
                    // launch's own callback is that manager's creation callback, delivered when
                    // the app sets its delegate.
                    launchCallbackPending = true
                    onLaunch?(self)
                case .callback:
                    if launchCallbackPending { launchCallbackPending = false; continue }
                    for m in liveManagers() { m.deliverAuthorizationChange() }
                case .fix(let kind, let source):
                    let location = SimulatedLocation(isPrecise: kind == .precise, timestamp: .milliseconds(after.now))
                    if source == "liveUpdates" {
                        for s in liveStreams() { s.receive(location, after) }
                    } else {
                        deliverLocations([location], requestLocation: source == "requestLocation")
                    }
                case .reducedFix:
                    if reducedLive > 0 {
                        let location = SimulatedLocation(isPrecise: false, timestamp: .milliseconds(after.now))
                        for s in liveStreams() { s.receive(location, after) }
                    }
                case .error(let e):
                    let error: SimulatedLocationError = e == .denied ? .denied : .locationUnknown
                    for m in liveManagers() { m.deliverError(error) }
                case .completion(let r):
                    guard r == .nil || r == .promptDeclined else { continue }
                    for m in liveManagers() { m.complete(r == .nil ? nil : .promptDeclined) }
                case .locationEvent(let name, delivered: true):
                    deliverEvent(name, after)
                case .paused:
                    for m in liveManagers() { m.deliverPause() }
                default:
                    break
                }
            }
            previous = after
        }
    }

    /// Periodic fixes a wait counted in bulk: standard updates' to the managers, liveUpdates'
    /// to the streams. At most the latest 1,000 are handed over as values (a long wait counts
    /// millions); `fixesReceived` counts them all.
    func deliverBulkFixes(_ n: Int, before: World, after: World) {
        var standard = 0
        if let a = before.standardFixDue, let b = after.standardFixDue, b > a {
            let interval = max(1, after.standardFixKind == .approximate ? after.assumptions.reducedAccuracyInterval : after.assumptions.preciseFixInterval)
            standard = min(n, (b - a) / interval)
        } else if before.standardFixDue != nil && before.liveFixDue == nil {
            standard = n
        }
        let live = n - standard
        func locations(_ count: Int, precise: Bool, interval: Millis) -> [SimulatedLocation] {
            let last = after.lastFixAt ?? after.now
            let shown = min(count, 1_000)
            return (0..<shown).map { i in
                SimulatedLocation(isPrecise: precise, timestamp: .milliseconds(max(0, last - (shown - 1 - i) * interval)))
            }
        }
        if standard > 0 {
            deliverLocations(locations(standard, precise: after.standardFixKind == .precise, interval: after.assumptions.preciseFixInterval), requestLocation: false)
        }
        if live > 0 {
            for l in locations(live, precise: true, interval: after.assumptions.preciseFixInterval) {
                for s in liveStreams() { s.receive(l, after) }
            }
        }
    }

    func deliverLocations(_ locations: [SimulatedLocation], requestLocation: Bool) {
        let live = liveManagers()
        let asked = live.filter { requestLocation ? $0.locationRequested : $0.updatingLocation }
        for m in asked.isEmpty ? live : asked { m.deliverLocations(locations, requestLocation: requestLocation) }
    }

    func deliverEvent(_ name: String, _ after: World) {
        if name.hasPrefix("region "), name.hasSuffix(" exit") {
            let id = String(name.dropFirst("region ".count).dropLast(" exit".count))
            for m in liveManagers() { m.deliverRegionExit(id) }
        } else if name == "visit" {
            for m in liveManagers() { m.deliverVisit() }
        } else if name.hasPrefix("monitor event ") {
            let id = String(name.dropFirst("monitor event ".count))
            for mon in monitors.compactMap(\.value) { mon.receive(id, after) }
        }
    }

    /// The managers of the running process (a terminated process's hear nothing).
    func liveManagers() -> [SimulatedLocationManager] {
        managers.removeAll { $0.value == nil }
        return managers.compactMap(\.value).filter { isAlive($0.generation) }
    }

    func liveStreams() -> [SimulatedLiveUpdates] {
        streams.removeAll { $0.value == nil }
        return streams.compactMap(\.value)
    }

    /// Whether something made in process `generation` belongs to the process running now.
    func isAlive(_ generation: Int) -> Bool {
        generation == observed.launches && observed.lifecycle != .terminated
    }
}
