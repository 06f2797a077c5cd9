/// Each platform's page (`locflow rules --platform P`, `locflow help P`): what changed from the
/// version before, what did not, and with what sources; a behaviour carried over that no source
/// says still holds is named as an assumption. One table, as `Source.all` is.
public struct PlatformNote: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// Changed from the platform before, with its source.
        case changed
        /// Checked and found the same, with its source.
        case unchanged
        /// Carried over with no source saying it still holds: an assumption.
        case assumed
        /// Reported by developers, not modelled by default (an assumption turns it on).
        case reported
    }

    public let kind: Kind
    public let text: String
    /// A citation tag, as a rule's: `A S216`, `D S222`, `I`.
    public let tag: String

    init(_ kind: Kind, _ text: String, _ tag: String) {
        self.kind = kind
        self.text = text
        self.tag = tag
    }

    /// The sources the tag names, from `Source.all`.
    public var sources: [Source] { Source.ids(inTag: tag).compactMap { Source.byID[$0] } }
}

extension Platform {
    /// The platform's page: what changed, what did not, what is assumed.
    public var notes: [PlatformNote] {
        switch self {
        case .ios12: [
            .init(.changed, "Three-option Always prompt (Always Allow, Only While Using the App, Don't Allow) and a two-button when-in-use prompt; no Allow Once", "D S47"),
            .init(.changed, "A when-in-use app cannot use significant changes, visits or region monitoring", "A S12"),
            .init(.assumed, "The earliest platform locflow models; its prompts' labels come from a developer's notes of WWDC17", "D S47; I")]
        case .ios13: [
            .init(.changed, "Allow Once (a temporary when-in-use grant), provisional Always, Ask Next Time in Settings; Always is no longer offered in the first prompt", "A S1; D S20, S34"),
            .init(.changed, "Always requested from when-in-use gives provisional Always without a prompt (13.0-13.3)", "A S62 via D S29; D S34"),
            .init(.changed, "The periodic background-use reminder for apps with Always", "D S51")]
        case .ios13_4: [
            .init(.changed, "Always requested from permanent when-in-use shows the upgrade prompt at once", "A S1, S62; D S29")]
        case .ios14: [
            .init(.changed, "Precise and approximate location, temporary full accuracy, locationManagerDidChangeAuthorization, widgets (While Using the App or Widgets)", "A S3, S14, S17"),
            .init(.changed, "Allow Once comes first in the when-in-use prompt", "D S38")]
        case .ios15: [
            .init(.changed, "CLLocationButton: a one-time grant without a prompt after the first confirmation", "A S30")]
        case .ios16: [
            .init(.changed, "Live Activities (16.1); Control Center lists apps that use location; Settings' menu becomes Privacy & Security", "A S211, S1")]
        case .ios17: [
            .init(.changed, "CLLocationUpdate.liveUpdates, CLMonitor, CLBackgroundActivitySession; a CLLocationUpdate carries isStationary alone", "A S61, S31, S18b, S218"),
            .init(.changed, "Settings' row reads Ask Next Time Or When I Share", "D S39"),
            .init(.assumed, "Iterating liveUpdates asks for nothing by itself (assumption ios17LiveUpdatesPrompts, off)", "I ios17LiveUpdatesPrompts; A S18b")]
        case .ios18: [
            .init(.changed, "CLServiceSession with goals and diagnostics, implicit sessions, NSLocationRequireExplicitServiceSession; diagnostics on updates, monitor events and background activity sessions", "A S7, S8, S18, S216"),
            .init(.changed, "CLLocationUpdate.stationary replaces isStationary, which is deprecated and still answers with the same value (a flow may write either)", "A S219, S218"),
            .init(.changed, "Always takes effect for liveUpdates and CLMonitor events while the app is not in use only with a .always session (for the classic services: assumption alwaysSessionCoversClassicAPIs, off)", "A S18, S8; I alwaysSessionCoversClassicAPIs")]
        case .ios26: [
            .init(.unchanged, "Apple's Core Location change log has no entry after June 2024 (iOS 18): no authorization change is documented for iOS 26", "A S216"),
            .init(.unchanged, "CLLocationUpdate, CLServiceSession.Diagnostic, CLMonitor.Event and CLBackgroundActivitySession.Diagnostic have the iOS 18 properties", "A S61, S7b, S19, S31; D S220"),
            .init(.changed, "CLGeocoder is deprecated (for MapKit's geocoding requests): not authorization, not modelled", "A S217"),
            .init(.reported, "A force-quit app with Always was never relaunched by significant-change or region events on iOS 26.4.2, where iOS 18 relaunched it: one developer's report, no answer from Apple; assumption forceQuitBlocksRelaunch (off by default) models it", "D S222; I forceQuitBlocksRelaunch"),
            .init(.assumed, "Every other rule of iOS 18 holds on iOS 26: no source says so or otherwise (assumption: carried over from iOS 18)", "I")]
        case .ios27: [
            .init(.unchanged, "Apple's Core Location change log still has no entry after June 2024: no authorization change is documented for iOS 27", "A S216"),
            .init(.unchanged, "The iOS 27.1 SDK lists the iOS 18 diagnostics on CLLocationUpdate, and isStationary beside stationary", "D S220; A S61"),
            .init(.assumed, "The iOS 27 SDK's additions to headings and activity types (as issue 37 reports them) are not authorization and not modelled; they were not checked against Apple's pages", "I"),
            .init(.reported, "The iOS 26.4.2 force-quit report (assumption forceQuitBlocksRelaunch, off) applies as on iOS 26", "D S222; I forceQuitBlocksRelaunch"),
            .init(.assumed, "Every other rule of iOS 18 and 26 holds on iOS 27: no source says so or otherwise (assumption: carried over from iOS 18)", "I")]
        case .visionos: [
            .init(.changed, "An iPad app on visionOS has no Always: requestAlwaysAuthorization is a when-in-use request; background location services do nothing", "A S1, S13, S66"),
            .init(.assumed, "Otherwise it behaves as iOS 18", "I")]
        case .macos26: [
            .init(.changed, "No when-in-use level: authorizedWhenInUse is not a macOS status; Allow grants authorizedAlways (macOS's authorized), whichever request asked, so When In Use and Always are the same", "A S230, S230a"),
            .init(.changed, "NSLocationUsageDescription is the one key both requests need (not NSLocationWhenInUseUsageDescription)", "A S231"),
            .init(.changed, "The system does not suspend apps in the background: a running app is always in use, so nothing waits for the foreground", "A S232"),
            .init(.changed, "CLServiceSession and CLBackgroundActivitySession are unavailable (their calls are refused); liveUpdates and CLMonitor exist, liveUpdates' diagnostics from macOS 15", "A S230b, S230c, S230d, S233"),
            .init(.changed, "No Allow Once, no Precise switch, no location button, no Live Activities; showsBackgroundLocationIndicator is refused", "A S230; I"),
            .init(.changed, "Settings is System Settings › Privacy & Security › Location Services, with a switch per app (user settings always = on, never = off)", "D S237; I"),
            .init(.assumed, "The alert's title and its buttons (Don't Allow, Allow, in that order) are locflow's: Apple's pages show none", "I"),
            .init(.assumed, "Every other rule (Location Services off, restrictions, reset, the classic services) is iOS 18's", "I")]
        case .watchos26: [
            .init(.changed, "CLMonitor is unavailable (its calls are refused), as are significant changes, region and beacon monitoring and visits: nothing launches a terminated watch app for a location event, even with Always", "A S233, S234; A-forum S235"),
            .init(.changed, "A complication on the current face (user addWidget) keeps the app in use in the background (assumption watchComplicationInUse, on)", "D S236; I watchComplicationInUse"),
            .init(.changed, "The app must run to ask: a request from the background, or from a complication alone, asks nothing", "A S2; I"),
            .init(.unchanged, "When In Use, Always, CLServiceSession (watchOS 11) and CLBackgroundActivitySession (watchOS 10) exist; Allow Once is assumed as on iOS", "A S230, S230b, S230c; I"),
            .init(.assumed, "The prompts' titles, buttons and order, and Settings' page, are iOS 18's (Apple's pages show no watchOS prompt)", "I")]
        }
    }
}
