import LocflowCore

/// The person, the system, the device and time: each method is the `.flow` step named beside
/// it. A step iOS would ignore does what iOS does (often nothing; `why` says why). A step that
/// cannot happen at all is refused: nothing changes and `lastStepRefused` says why.
extension SimulatedDevice {
    // MARK: The person

    /// `user tap "LABEL"`: a button of the prompt on screen.
    public func tap(_ label: String) { apply(.user(.tap(label))) }
    /// `user precise on|off`: the prompt's Precise switch.
    public func setPrecise(_ on: Bool) { apply(.user(.precise(on))) }
    /// `user settings CHOICE`: the person picks an option on the app's page in Settings (the app
    /// goes to the background first when it was in the foreground).
    public func openSettings(choose choice: SimulatedSettings.Choice) {
        guard choice != .notListed else {
            return refuse("user settings notListed", "Settings has no option that unlists an app (resetLocationAndPrivacy() forgets every app's answer)")
        }
        apply(.user(.settings(choice.core)))
    }
    /// `user settings precise on|off`.
    public func openSettings(precise on: Bool) { apply(.user(.settingsPrecise(on))) }
    /// `user settings locationServices on|off`: the global switch.
    public func setLocationServices(_ on: Bool) { apply(.user(.settingsLocationServices(on))) }
    /// `user settings reset`: Reset Location & Privacy.
    public func resetLocationAndPrivacy() { apply(.user(.settingsReset)) }
    /// `user background`.
    public func moveToBackground() { apply(.user(.background)) }
    /// `user foreground` (launches the app again when its process had ended).
    public func moveToForeground() { apply(.user(.foreground)) }
    /// `user forceQuit`: swiped away in the app switcher.
    public func forceQuit() { apply(.user(.forceQuit)) }
    /// `user locationButton`: a tap on the app's `CLLocationButton`.
    public func tapLocationButton() { apply(.user(.locationButton)) }

    // MARK: The system

    /// `system suspend` (only from the background).
    public func suspend() { apply(.system(.suspend)) }
    /// `system terminate`: the system ends the process (memory pressure).
    public func terminate() { apply(.system(.terminate)) }
    /// `system relaunch` (only when terminated): the system launches the app in the background.
    public func relaunch() { apply(.system(.relaunch)) }
    /// `system reminder`: the periodic reminder that an Always app used location in the background.
    public func showBackgroundReminder() { apply(.system(.reminder)) }

    // MARK: The device

    /// `device move`.
    public func move() { apply(.device(.move)) }
    /// `device stationary`.
    public func becomeStationary() { apply(.device(.stationary)) }
    /// `device noFix`: Core Location cannot determine the location.
    public func loseFix() { apply(.device(.noFix)) }
    /// `device fix`.
    public func regainFix() { apply(.device(.fix)) }
    /// `device exitRegion ID`: the device leaves a monitored region (or `CLMonitor` condition).
    public func exitRegion(_ id: String) { apply(.device(.exitRegion(id))) }
    /// `device visit`.
    public func visit() { apply(.device(.visit)) }
    /// `device restart`: every process ends, and what lives only in memory with it.
    public func restart() { apply(.device(.restart)) }

    // MARK: Time

    /// `wait`: virtual time passes; timers fire in order and callbacks are delivered as they come
    /// due. Whole milliseconds (less is dropped); a negative duration is refused.
    public func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 && attoseconds >= 0 else {
            return refuse("wait \(duration)", "a wait of a negative duration: time only moves forward")
        }
        let (ms, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        let total = overflow ? Int64.max : ms.addingReportingOverflow(attoseconds / 1_000_000_000_000_000).partialValue
        apply(.wait(Millis(clamping: total)))
    }
}
