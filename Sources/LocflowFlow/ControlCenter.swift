import LocflowCore

/// How Control Center lists the app: shown in `check`, the explorer and the library, never read
/// by a rule (it reads when the app last used location, history the model keeps outside the
/// rules' reach: World.fields).
extension World {
    /// How Control Center lists the app: "In iOS 16 and later, apps that are actively tracking
    /// the user's location or that recently activated Core Location appear in Control Center."
    /// [A S1] How long "recently" lasts is `controlCenterRecentWindow` [I].
    public var controlCenter: ControlCenterListing {
        guard profile.listsAppsInControlCenter else { return .none }
        if tracking != nil { return .using }
        if let t = locationUsedAt, now - t < assumptions.controlCenterRecentWindow { return .recently }
        return .none
    }

    /// Why Control Center lists the app as it does, for `check` and the explorer.
    public var controlCenterReason: String {
        guard profile.listsAppsInControlCenter else {
            return "\(profile.platform.displayName) lists no apps in Control Center: iOS 16 and later do"
        }
        let window = formatDuration(assumptions.controlCenterRecentWindow)
        switch controlCenter {
        case .using:
            let what = switch tracking {
            case .liveUpdates: "liveUpdates deliver"
            case .requestLocation: "requestLocation is looking for a fix"
            default: "standard updates run"
            }
            return "the app tracks the location now: \(what)"
        case .recently:
            return "the app last used location at \(formatClock(locationUsedAt ?? now)), less than controlCenterRecentWindow (\(window)) ago"
        case .none:
            guard let t = locationUsedAt else { return "the app has not used location" }
            return "the app last used location at \(formatClock(t)), controlCenterRecentWindow (\(window)) or more ago"
        }
    }

}
