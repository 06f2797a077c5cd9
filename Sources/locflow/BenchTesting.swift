import Foundation
import Glibc
import LocflowFlow
import LocflowTesting

/// `locflow bench --only testing`: 10,000 simulated scenarios of 20 steps each through the
/// testing library (device, manager, prompts, taps, waits, callbacks counted), as an app's test
/// suite would run them.
@MainActor
enum BenchTesting {
    /// Counts what the app's delegate hears.
    final class Counter: SimulatedLocationManagerDelegate {
        var callbacks = 0, locations = 0, errors = 0
        func locationManagerDidChangeAuthorization(_ manager: SimulatedLocationManager) { callbacks += 1 }
        func locationManager(_ manager: SimulatedLocationManager, didUpdateLocations locations: [SimulatedLocation]) { self.locations += locations.count }
        func locationManager(_ manager: SimulatedLocationManager, didFailWithError error: SimulatedLocationError) { errors += 1 }
    }

    struct Tally { var steps = 0, callbacks = 0, locations = 0, refused = 0, prompts = 0 }

    static let platforms: [Platform] = [.iOS18, .iOS17, .iOS14, .iOS16]
    static let answers = ["Allow Once", "Allow While Using App", "Don't Allow"]

    /// One scenario of 20 steps; `i` varies the platform, the request and the answers.
    static func scenario(_ i: Int, _ tally: inout Tally) -> SimulatedDevice {
        let device = SimulatedDevice(platform: platforms[i % platforms.count])
        let counter = Counter()
        var manager = device.makeLocationManager()
        manager.delegate = counter
        device.onLaunch = { d in
            manager = d.makeLocationManager()
            manager.delegate = counter
        }
        var steps = 0
        func step(_ body: () -> Void) {
            body()
            steps += 1
            if device.lastStepRefused != nil { tally.refused += 1 }
            if device.prompt != nil { tally.prompts += 1 }
        }
        step { i % 2 == 0 ? manager.requestWhenInUseAuthorization() : manager.requestAlwaysAuthorization() }
        step { device.tap(answers[(i / 2) % 3]) }
        step { manager.startUpdatingLocation() }
        step { device.advance(by: .seconds(5)) }
        step { device.moveToBackground() }
        step { device.advance(by: .seconds(30)) }
        step { device.move() }
        step { device.moveToForeground() }
        step { manager.requestAlwaysAuthorization() }
        step { if let last = device.prompt?.buttons.last { device.tap(last) } else { device.advance(by: .seconds(1)) } }
        step { device.becomeStationary() }
        step { device.advance(by: .seconds(90)) }
        step { device.openSettings(choose: i % 3 == 0 ? .never : .whileUsing) }
        step { device.moveToForeground() }
        step { manager.stopUpdatingLocation() }
        step { device.moveToBackground() }
        step { device.advance(by: .seconds(120)) }
        step { device.terminate() }
        step { device.moveToForeground() }
        step { manager.requestLocation() }
        tally.steps += steps
        tally.callbacks += counter.callbacks
        tally.locations += counter.locations
        return device
    }

    static func residentMB() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    static func run(io: CommandIO, scenarios: Int = 10_000, runs: Int = 3) -> Int32 {
        var times: [Double] = []
        var tally = Tally()
        for _ in 0..<runs {
            tally = Tally()
            let start = DispatchTime.now().uptimeNanoseconds
            for i in 0..<scenarios { _ = scenario(i, &tally) }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        times.sort()
        let median = times[times.count / 2]
        // Memory: 1,000 finished scenarios' devices held at once, and the process's peak.
        let before = residentMB()
        var held: [SimulatedDevice] = []
        var scratch = Tally()
        for i in 0..<1_000 { held.append(scenario(i, &scratch)) }
        let perDevice = (residentMB() - before) * 1_048_576 / Double(held.count)
        held.removeAll()
        io.out(String(format: "testing: %d scenarios of 20 steps (%d steps, %d callbacks, %d locations, %d prompts seen, %d refused) "
                      + "in %.3f s (median of %d runs; min %.3f, max %.3f): %.1f µs a scenario, %.2f µs a step",
                      scenarios, tally.steps, tally.callbacks, tally.locations, tally.prompts, tally.refused,
                      median, runs, times.first ?? 0, times.last ?? 0, median / Double(scenarios) * 1e6,
                      median / Double(max(1, tally.steps)) * 1e6))
        io.out(String(format: "testing: memory: about %.1f KB a finished scenario's device held (1,000 held at once); peak memory %.1f MB",
                      perDevice / 1024, Bench.peakMemoryMB()))
        return median <= 2.0 ? 0 : 1
    }
}
