/// The fingerprint's code of each small type a world holds (`FingerprintCode`): an
/// enumeration's case number, written out so that a new case stops the build until it has one
/// (a test holds every type's codes distinct and below 2^codeBits).

extension AuthorizationStatus: CaseCode {
    @inline(__always) public static var codeBits: Int { 3 }
    @inline(__always) public var code: UInt64 {
        switch self { case .notDetermined: 0; case .restricted: 1; case .denied: 2; case .authorizedAlways: 3; case .authorizedWhenInUse: 4 }
    }
}

extension AccuracyAuthorization: CaseCode {
    @inline(__always) public static var codeBits: Int { 1 }
    @inline(__always) public var code: UInt64 {
        switch self { case .fullAccuracy: 0; case .reducedAccuracy: 1 }
    }
}

extension SettingsChoice: CaseCode {
    @inline(__always) public static var codeBits: Int { 3 }
    @inline(__always) public var code: UInt64 {
        switch self { case .unlisted: 0; case .never: 1; case .askNextTime: 2; case .whileUsing: 3; case .whileUsingOrWidgets: 4; case .always: 5 }
    }
}

extension Lifecycle: CaseCode {
    @inline(__always) public static var codeBits: Int { 2 }
    @inline(__always) public var code: UInt64 {
        switch self { case .foreground: 0; case .background: 1; case .suspended: 2; case .terminated: 3 }
    }
}

extension PromptKind: CaseCode {
    @inline(__always) public static var codeBits: Int { 4 }
    @inline(__always) public var code: UInt64 {
        switch self { case .whenInUse: 0; case .alwaysUpgrade: 1; case .temporaryFullAccuracy: 2; case .backgroundReminder: 3; case .legacyAlways: 4; case .legacyWhenInUse: 5; case .locationButton: 6; case .servicesOff: 7; case .widget: 8 }
    }
}

extension SessionGoal: CaseCode {
    @inline(__always) public static var codeBits: Int { 2 }
    @inline(__always) public var code: UInt64 {
        switch self { case .none: 0; case .whenInUse: 1; case .always: 2 }
    }
}

extension SessionState: CaseCode {
    @inline(__always) public static var codeBits: Int { 2 }
    @inline(__always) public var code: UInt64 {
        switch self { case .active: 0; case .invalidated: 1; case .lapsed: 2 }
    }
}

extension CompletionResult: CaseCode {
    @inline(__always) public static var codeBits: Int { 2 }
    @inline(__always) public var code: UInt64 {
        switch self { case .none: 0; case .pending: 1; case .`nil`: 2; case .promptDeclined: 3 }
    }
}

extension LocationError: CaseCode {
    @inline(__always) public static var codeBits: Int { 2 }
    @inline(__always) public var code: UInt64 {
        switch self { case .none: 0; case .denied: 1; case .locationUnknown: 2 }
    }
}

extension DesiredAccuracy: CaseCode {
    @inline(__always) public static var codeBits: Int { 3 }
    @inline(__always) public var code: UInt64 {
        switch self { case .bestForNavigation: 0; case .best: 1; case .nearestTenMeters: 2; case .hundredMeters: 3; case .kilometer: 4; case .threeKilometers: 5; case .reduced: 6 }
    }
}

extension ActivityType: CaseCode {
    @inline(__always) public static var codeBits: Int { 3 }
    @inline(__always) public var code: UInt64 {
        switch self { case .other: 0; case .automotiveNavigation: 1; case .fitness: 2; case .otherNavigation: 3; case .airborne: 4 }
    }
}

extension FixKind: CaseCode {
    @inline(__always) public static var codeBits: Int { 1 }
    @inline(__always) public var code: UInt64 {
        switch self { case .precise: 0; case .approximate: 1 }
    }
}

extension StatusPair: FingerprintCode {
    @inline(__always) public static var codeBits: Int { AuthorizationStatus.codeBits + AccuracyAuthorization.codeBits }
    @inline(__always) public var code: UInt64 { status.code | accuracy.code << UInt64(AuthorizationStatus.codeBits) }
    public static var samples: [StatusPair] {
        AuthorizationStatus.allCases.flatMap { s in AccuracyAuthorization.allCases.map { StatusPair(s, $0) } }
    }
}

extension ProcessStream: FingerprintCode {
    @inline(__always) public static var codeBits: Int { 1 }
    @inline(__always) public var code: UInt64 { qualified ? 1 : 0 }
    public static var samples: [ProcessStream] { [ProcessStream(qualified: false), ProcessStream(qualified: true)] }
}
