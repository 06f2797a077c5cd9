/// Every rule the model applies, with a sentence and the sources it cites (`Sources.swift`:
/// title and address of each)
/// (`[A S1]` Apple, `[D S20]` developer report, `[R S48]` reverse-engineered, `[I]` inferred:
/// an assumption). Real iOS is silent when it ignores a call; locflow always says why.
public enum Rule: Int, CaseIterable, Sendable, Hashable {
    // Launch, lifecycle, callbacks
    case launchByPerson, systemRelaunch, systemTerminate, forceQuit, toBackground, toForeground
    case alreadyForeground, alreadyNotForeground, alreadyTerminated
    case suspended, suspendAfterDelay, suspendNeedsBackground, relaunchNeedsTerminated, resumeDeliversHeld
    case callbackAtLaunch, callbackOnChange, callbackHeldWhileSuspended
    case appNotRunning, inUseGraceEnds
    // Requests
    case requestNotInUse, missingWhenInUseKey, missingAlwaysKey, requestRestricted, requestWhilePrompting
    case whenInUseNeedsNotDetermined, whenInUsePrompt, legacyWhenInUsePrompt
    case visionOSAlwaysIsWhenInUse, alwaysOneShot, alwaysFromNotDetermined, legacyAlwaysPrompt
    case alwaysIgnoredAfterAllowOnce, ignoredAlwaysUsesOneShot, immediateUpgrade, ios13ProvisionalFromWhenInUse
    case alwaysNothingToDo
    case needsIOS14, needsIOS17, needsIOS18
    case purposeKeyMissing, temporaryInBackground, temporaryNotAuthorized, temporaryAlreadyFull, temporaryPrompt
    case servicesOffPrompt
    // Prompt answers
    case noPrompt, noSuchButton, promptHasNoPreciseSwitch, promptPreciseSwitch
    case allowOnce, allowWhileUsing, provisionalAlways, dontAllow, legacyAlwaysAllow, legacyWhileUsing, legacyDontAllow
    case upgradeAllow, upgradeKeep, deferredUpgradePrompt, deferredUpgradeAllow, deferredUpgradeKeep, deferredEventDropped
    case temporaryFullAccuracyGranted, temporaryFullAccuracyDeclined, completionNilWhenShown, temporaryFullAccuracyEnds
    case reminderShown, reminderNeedsAlways, reminderUnavailable, reminderDowngrade, reminderKeep
    case servicesOffSettings, servicesOffCancel
    case promptWaitsForForeground, promptDismissedByLeaving, promptWithdrawn
    // Allow Once, location button
    case allowOnceExpires, allowOnceEndsWithProcess
    case locationButtonUnavailable, locationButtonNeedsForeground, locationButtonCovered, locationButtonAlreadyAuthorized, locationButtonBlocked,
         locationButtonMissingKey
    case locationButtonFirstTap, locationButtonConfirmed, locationButtonCancelled, locationButtonGrant
    // Settings
    case settingsUnlisted, settingsRestricted, settingsOptionNotOffered, settingsLeavesApp, settingsSameChoice
    case settingsChoice, settingsPrecise, settingsNoPrecise, locationServicesOff, locationServicesOn, restrictedServicesOff, resetLocationPrivacy
    // Services
    case updatesWithoutAuthorization, backgroundStartFails, backgroundUpdatesCrash, deniedError
    case ios12WhenInUseNoAlwaysServices, reducedAccuracyNoRegions, regionNotMonitored
    case eventNeedsAuthorization, eventDeliveredInUse, eventDroppedWhilePrompting, eventRelaunches, eventResumes
    case liveUpdatesResume, monitorEventResumes, visionOSUnavailable, visionOSNotInUseInBackground
    case whenInUseNoBackgroundEvents
    case monitorEventDelivered, monitorEventWithheld, conditionLimit
    case deviceMoves, deviceStationary, deviceNoFix, deviceFix, airplaneModeOn, airplaneModeOff, airplaneModeUnchanged, reducedAccuracyCadence, timePasses, clockLimit, timerLimit
    case standardStarted, standardStopped, backgroundUpdatesSet, significantChangesStarted, significantChangesStopped
    case regionStarted, regionStopped, streamStarted, streamStopped, conditionAdded, backgroundActivityStarted, relaunchWindowCloses
    // iOS 17/18
    case alreadyRunning, implicitSession, explicitSessionRequired, ios17NoImplicitPrompt, ios17LiveUpdatesPrompt
    case backgroundActivityNeedsForeground, backgroundActivityNeedsMode, backgroundActivityInvalidated, backgroundActivityLapses
    case sessionCreated, sessionRejoined, sessionAlreadyHeld, sessionInsufficientlyInUse, sessionCreatedInUseAway, sessionInvalidated, invalidateUnknown
    case sessionsOutliveProcess, relaunchWindowOpens, sessionLapses, rejoinWithinWindow, keptBackgroundActivityRelaunches, keptSessionNotMatched, explicitSessionHoldsClassic
    case sessionGoalPrompts, sessionAlwaysFromNotDetermined, sessionAlwaysUpgrade, sessionFullAccuracyPrompt, sessionAlwaysAsksOnce
    case resetKeepsOneShot, classicNeedsAlwaysSession
    // Format 1.1 (docs/flow-format.md §8): fixes, requestLocation, pausing, the indicator property,
    // Live Activities, App Clips, widgets, visits, beacons, force quit
    case requestLocationStarted, requestLocationFix, requestLocationWaits, requestLocationTimesOut
    case requestLocationNotDetermined, requestLocationHeld, requestLocationCancelled
    case fixAtStart, fixesArrive, desiredAccuracySet, desiredAccuracyReducedFixes, locationUnknownError
    case pausesAutomaticallySet, activityTypeSet, autoPaused, pausedStaysPaused, pauseRestarted, pauseCannotRestartInBackground
    case indicatorPropertySet
    case liveActivityStarted, liveActivityStopped, liveActivityExpires, liveActivityNeedsForeground, liveActivityUnavailable
    case visitsStarted, visitsStopped, visitsNotMonitored, visitsUnavailable
    case beaconRangingStarted, beaconRangingStopped, beaconRegionStarted, beaconRegionStopped
    case beaconRanged, beaconRangingWithheld, beaconNotMonitored, reducedAccuracyNoBeacons
    case widgetAdded, widgetRemoved, widgetNotShipped
    case appClipNoAlways, appClipSessionWhenInUse, appClipGrantResets
    case forceQuitBlocksRelaunch
    case widgetAsks, widgetPromptAllow, widgetPromptDeny
    // Extensions of 2026-12: the device restart
    case deviceRestart, restartEndsSessions, restartLiftsForceQuit, restartKeepsMonitoring
    // Extensions of 2026-12: macOS 26 and watchOS 26
    case platformLacksCall, macOSPrompt, macOSOneRequest, macOSAllow, macOSNoSuspension, watchComplicationInUse

    /// The rule as a sentence.
    public var text: String { entry.text }
    /// The citation tag: `A S1`, `D S20`, `I`, ...; `sources` resolves it to pages.
    public var source: String { entry.source }

    /// Whether this rule is one of the simulator's inferences (an assumption a person may question).
    public var isInferred: Bool { source.hasPrefix("I") }

    private var entry: (text: String, source: String) {
        switch self {
        case .launchByPerson: ("The person opens the app: a new process starts in the foreground and creates one CLLocationManager", "A S9, S12")
        case .systemRelaunch: ("The system launches the app in the background; it creates one CLLocationManager", "A S13, S68")
        case .systemTerminate: ("The system ends the app's process (to reclaim its resources, say)", "A S68")
        case .forceQuit: ("The person swipes the app away in the app switcher: its process ends", "I")
        case .toBackground: ("The app leaves the foreground; it stays in use for the grace period", "A S12, S13")
        case .toForeground: ("The app returns to the foreground", "A S12")
        case .alreadyForeground: ("The app is already in the foreground: nothing changes", "I")
        case .alreadyNotForeground: ("The app is not in the foreground: nothing to leave", "I")
        case .alreadyTerminated: ("The app is not running: nothing to end", "I")
        case .suspended: ("The system suspends the backgrounded app: its code stops running", "A S6, S68")
        case .suspendAfterDelay: ("A backgrounded app without continuous background location (or liveUpdates reaching it while the device moves with a fix) is suspended after suspendDelay", "I")
        case .suspendNeedsBackground: ("system suspend needs an app in the background", "I")
        case .relaunchNeedsTerminated: ("system relaunch needs an app that is not running", "I")
        case .resumeDeliversHeld: ("The suspended app resumes; a change held while it was suspended arrives now as one callback with the value of this moment, and none when it ends equal to the last one delivered: Apple calls the delegate \"when the app's authorization status changes\", not on every resume", "A S9, S12; D S44")
        case .callbackAtLaunch: ("Creating a CLLocationManager delivers the current authorization to its delegate", "A S9, S12")
        case .callbackOnChange: ("The authorization the app reads changed: the delegate is called", "A S9, S14")
        case .callbackHeldWhileSuspended: ("A suspended app is not woken for authorization changes: the callback waits for resume", "D S44; A S12")
        case .appNotRunning: ("The app's code is not running, so it cannot call anything", "I")
        case .inUseGraceEnds: ("The grace after leaving the foreground is over: the app is no longer in use", "A S12, S13; I inUseGrace")
        case .requestNotInUse: ("The request does nothing: the app must be in the foreground to show a prompt", "A S2, S14")
        case .missingWhenInUseKey: ("The request does nothing: NSLocationWhenInUseUsageDescription is missing from Info.plist", "A S12, S14")
        case .missingAlwaysKey: ("Always cannot be requested: NSLocationAlwaysAndWhenInUseUsageDescription is missing from Info.plist. The deprecated key's page: \"Apps running on older versions of the OS use the message associated with NSLocationAlwaysUsageDescription, while apps running on later versions use the one associated with NSLocationAlwaysAndWhenInUseUsageDescription\" (iOS 11 and later); requestAlwaysAuthorization's page still names the old key, and locflow follows the key's own page and the header", "A S15b, S12, S14; D S41, S42")
        case .requestRestricted: ("The request does nothing: location is restricted for this app", "A S11; I")
        case .requestWhilePrompting: ("The request does nothing: an authorization prompt is already up", "I")
        case .whenInUseNeedsNotDetermined: ("requestWhenInUseAuthorization prompts only while the status is notDetermined", "A S2, S14")
        case .whenInUsePrompt: ("requestWhenInUseAuthorization from notDetermined shows the when-in-use prompt", "A S2")
        case .legacyWhenInUsePrompt: ("iOS 12: requestWhenInUseAuthorization shows the two-button prompt", "D S47; I")
        case .visionOSAlwaysIsWhenInUse: ("On visionOS requestAlwaysAuthorization is treated as requestWhenInUseAuthorization", "A S1, S13, S66")
        case .alwaysOneShot: ("requestAlwaysAuthorization ignored: it works once per app and was already used", "A S1, S12, S13")
        case .alwaysFromNotDetermined: ("requestAlwaysAuthorization from notDetermined shows the when-in-use prompt first; \"Allow While Using App\" gives provisional Always", "A S1")
        case .legacyAlwaysPrompt: ("iOS 12: requestAlwaysAuthorization shows the three-option prompt", "D S47; I")
        case .alwaysIgnoredAfterAllowOnce: ("requestAlwaysAuthorization ignored: the app holds an Allow Once grant", "A S1; D S28")
        case .ignoredAlwaysUsesOneShot: ("The ignored Always request still uses up the one allowed request (assumption ignoredAlwaysRequestUsesOneShot)", "I")
        case .immediateUpgrade: ("iOS 13.4+: Always requested from permanent when-in-use shows the upgrade prompt at once", "A S1, S62; D S29")
        case .ios13ProvisionalFromWhenInUse: ("iOS 13.0-13.3: Always requested from when-in-use gives provisional Always without a prompt", "A S62 via D S29; D S34")
        case .alwaysNothingToDo: ("requestAlwaysAuthorization does nothing from denied, restricted or Always", "A S1, S14")
        case .needsIOS14: ("This API needs iOS 14: the call does nothing here", "A S3")
        case .needsIOS17: ("This API needs iOS 17: the call does nothing here", "A S31, S61")
        case .needsIOS18: ("CLServiceSession needs iOS 18: the call does nothing here", "A S7")
        case .purposeKeyMissing: ("The purpose key has no entry in NSLocationTemporaryUsageDescriptionDictionary: no prompt, kCLErrorPromptDeclined", "A S3, S14")
        case .temporaryInBackground: ("requestTemporaryFullAccuracyAuthorization from the background fails with kCLErrorPromptDeclined", "A S3")
        case .temporaryNotAuthorized: ("requestTemporaryFullAccuracyAuthorization without authorization fails with kCLErrorPromptDeclined", "I; D S50")
        case .temporaryAlreadyFull: ("requestTemporaryFullAccuracyAuthorization when full accuracy is already granted fails with kCLErrorPromptDeclined", "A S3")
        case .temporaryPrompt: ("requestTemporaryFullAccuracyAuthorization shows the temporary precise location prompt with the purpose string", "A S3")
        case .servicesOffPrompt: ("Location Services are off: using location shows the system's warning dialog", "A S14; I labels")
        case .noPrompt: ("No prompt is on screen", "I")
        case .noSuchButton: ("The prompt on screen has no such button", "I")
        case .promptHasNoPreciseSwitch: ("The prompt on screen has no Precise switch", "D S33, S38; I")
        case .promptPreciseSwitch: ("The Precise switch on the prompt's map decides the app's Precise setting", "D S33, S38")
        case .allowOnce: ("Allow Once: a temporary authorizedWhenInUse; Settings shows Ask Next Time (from iOS 17: Ask Next Time Or When I Share)", "A S2; D S20")
        case .allowWhileUsing: ("Allow While Using App: authorizedWhenInUse, permanent", "A S2")
        case .provisionalAlways: ("Always was requested: Allow While Using App gives provisional Always (the app reads authorizedAlways, Settings shows While Using)", "A S1; D S22-S25")
        case .dontAllow: ("Don't Allow: denied; further requests do nothing", "A S2")
        case .legacyAlwaysAllow: ("iOS 12: Always Allow gives authorizedAlways", "D S47")
        case .legacyWhileUsing: ("iOS 12: Allow (or Only While Using the App) gives authorizedWhenInUse, permanent", "D S47; I")
        case .legacyDontAllow: ("iOS 12: Don't Allow gives denied; further requests do nothing", "D S47; I")
        case .upgradeAllow: ("Change to Always Allow: authorizedAlways, permanent", "A S1")
        case .upgradeKeep: ("Keep Only While Using: the status stays authorizedWhenInUse, so no callback", "A S1")
        case .deferredUpgradePrompt: ("Provisional Always meets an event that needs Always: the system shows the upgrade prompt, typically while the app is not running", "A S1")
        case .deferredUpgradeAllow: ("Change to Always Allow on the deferred prompt: Always becomes permanent, no callback (the status was already authorizedAlways); answered soon after the prompt appeared, the event that triggered it is delivered", "A S1")
        case .deferredEventDropped: ("Always allowed, but not soon after the prompt appeared: the event that triggered it is dropped (assumption deferredUpgradeAnswerWindow)", "A S1; I")
        case .deferredUpgradeKeep: ("Keep Only While Using on the deferred prompt: the status becomes authorizedWhenInUse; the event is dropped", "A S1; I")
        case .temporaryFullAccuracyGranted: ("Temporary full accuracy granted while the app stays in use", "A S3")
        case .temporaryFullAccuracyDeclined: ("Temporary full accuracy declined: accuracy stays reduced", "A S3")
        case .completionNilWhenShown: ("The completion's error is nil whenever the prompt was shown, whatever the answer", "A S3, S14")
        case .temporaryFullAccuracyEnds: ("Temporary full accuracy ends: Apple says it expires automatically and is postponed while the app is in use; locflow ends it as soon as the app is no longer in use (or its process ends)", "A S3; I")
        case .reminderShown: ("The periodic background-use reminder is shown to an app with permanent Always", "D S51")
        case .reminderNeedsAlways: ("The background-use reminder is shown only to apps with permanent Always (iOS 13+)", "D S51")
        case .reminderUnavailable: ("The background-use reminder came with iOS 13, on iOS only: this platform shows none", "D S51; I")
        case .reminderDowngrade: ("Change to Only While Using: the status becomes authorizedWhenInUse; the person has said no to Always, so no request or session asks for it again", "A S9, S7; D S51; I")
        case .reminderKeep: ("Always Allow: nothing changes", "D S51")
        case .servicesOffSettings: ("The person leaves the app to open Settings", "I")
        case .servicesOffCancel: ("The warning is dismissed; Location Services stay off", "I")
        case .promptWaitsForForeground: ("The app left the foreground: its prompt goes away and comes back when the app returns (assumption promptReturnsAfterBackground)", "A S2; I")
        case .promptDismissedByLeaving: ("The app left the foreground: its prompt is dismissed without an answer", "I")
        case .promptWithdrawn: ("A waiting prompt is withdrawn: its question was answered meanwhile", "I")
        case .allowOnceExpires: ("The Allow Once grant runs out after allowOnceGrace not in use (60 s, after the 10 s of inUseGrace: 70 s after the app leaves): the status returns to notDetermined. Apple: it lasts until the app \"is no longer in use\"; how long after leaving is not documented", "I allowOnceGrace; A S1, S2; D S20, S21")
        case .allowOnceEndsWithProcess: ("The Allow Once grant ends with the process", "D S20, S21")
        case .locationButtonUnavailable: ("CLLocationButton needs iOS 15 and is ignored on visionOS", "A S30")
        case .locationButtonNeedsForeground: ("The person can tap the app's button only while the app is in the foreground", "I")
        case .locationButtonCovered: ("A system prompt covers the app: its button cannot be tapped", "I")
        case .locationButtonAlreadyAuthorized: ("The app is already authorized: the button just gets a location", "A S30; I")
        case .locationButtonBlocked: ("Location is restricted, off, or unavailable in Airplane mode: the button cannot grant anything", "I")
        case .locationButtonMissingKey: ("The button grants nothing: NSLocationWhenInUseUsageDescription is missing from Info.plist, and Apple requires it for any access while the app is in use (what the button shows then is not documented)", "A S15c; I")
        case .locationButtonFirstTap: ("The first tap of a CLLocationButton asks the person to confirm", "A S30")
        case .locationButtonConfirmed: ("Confirmed: a temporary authorizedWhenInUse, like Allow Once", "A S30")
        case .locationButtonCancelled: ("The person declined the location button confirmation", "I")
        case .locationButtonGrant: ("Later taps of a confirmed CLLocationButton grant one-time authorization without an alert", "A S30")
        case .settingsUnlisted: ("Settings does not list an app that never asked, so it cannot be changed there", "D S40; R S48")
        case .settingsRestricted: ("The page is locked: location is restricted for this app", "A S11; I")
        case .settingsOptionNotOffered: ("The app's Settings page does not offer that option", "D S41, S42; A S17")
        case .settingsLeavesApp: ("The person leaves the app to open Settings", "I")
        case .settingsSameChoice: ("That option is already selected: nothing changes", "I")
        case .settingsChoice: ("A choice in Settings sets the status directly (Always here is permanent and ignores the one-shot limit)", "A S9; I")
        case .settingsPrecise: ("The app's Precise Location switch in Settings", "A S16; D S21")
        case .settingsNoPrecise: ("Precise Location exists from iOS 14", "A S16")
        case .locationServicesOff: ("Location Services off: every app reads denied; each app's choice is kept", "A S9, S11")
        case .restrictedServicesOff: ("The app is restricted: whether Location Services off (or Airplane mode) makes it read denied, as every other app, is an assumption (Apple names both cases, not the two together)", "I")
        case .locationServicesOn: ("Location Services on: each app returns to its stored choice", "A S11")
        case .resetLocationPrivacy: ("Reset Location & Privacy: the app returns to notDetermined and may ask again (the one-shot too)", "A S9; I")
        case .updatesWithoutAuthorization: ("Updates without ever requesting authorization never prompt and never deliver", "A S12; D S46")
        case .backgroundStartFails: ("Starting updates in the background fails for when-in-use apps", "A S2, S11b")
        case .backgroundUpdatesCrash: ("allowsBackgroundLocationUpdates = true without location in UIBackgroundModes is a fatal error: the process ends", "A S14, S65")
        case .deniedError: ("Starting a service while denied reports kCLErrorDenied to the delegate", "A S11")
        case .ios12WhenInUseNoAlwaysServices: ("iOS 12: when-in-use apps cannot use the significant-change service, visits or region monitoring", "A S12")
        case .reducedAccuracyNoRegions: ("Reduced accuracy: region monitoring is unavailable", "A S14")
        case .regionNotMonitored: ("The app monitors no region or condition with that ID", "I")
        case .eventNeedsAuthorization: ("The event is not delivered: the app is not authorized", "A S11")
        case .eventDeliveredInUse: ("The event is delivered to the app while it is in use", "A S13")
        case .eventDroppedWhilePrompting: ("An authorization prompt is pending: the event is dropped", "I")
        case .eventRelaunches: ("Always: the event relaunches the terminated app in the background", "A S13, S6")
        case .eventResumes: ("Always: the event resumes the suspended app in the background", "A S18")
        case .liveUpdatesResume: ("The suspended app iterates liveUpdates that may reach it: Core Location resumes it in the background with the new update (and keeps it running while the device moves with a fix)", "A S18b, S18")
        case .monitorEventResumes: ("The suspended app iterates a monitor that may deliver: the condition event resumes it in the background", "A S18")
        case .visionOSUnavailable: ("Unavailable to a compatible iPad or iPhone app on visionOS: it does nothing and delivers nothing", "A S64, S65, S66, S67")
        case .visionOSNotInUseInBackground: ("visionOS counts an app in use only while the person looks at it and a short time after: nothing keeps it in use from the background", "A S12, S13; I")
        case .whenInUseNoBackgroundEvents: ("When-in-use apps get location events only while in use: the system does not launch them for one (and, inferred, does not resume a suspended one)", "A S13, S6; I")
        case .monitorEventDelivered: ("The CLMonitor event is delivered", "A S19")
        case .monitorEventWithheld: ("The CLMonitor event is not delivered", "A S19, S18")
        case .conditionLimit: ("More conditions than monitorConditionLimit: conditionLimitExceeded", "A S19; I monitorConditionLimit")
        case .deviceMoves: ("The device moves: new fixes are available", "A S61")
        case .deviceStationary: ("The device stops moving: updates pause, the last one says stationary", "A S61")
        case .deviceNoFix: ("Core Location cannot determine the location", "A S18, S61")
        case .deviceFix: ("Core Location can determine the location again", "A S18, S61")
        case .airplaneModeOn: ("Airplane mode: location services are unavailable, so every app's status reads denied (the stored choice is kept)", "A S215")
        case .airplaneModeOff: ("Airplane mode off: the app's authorization returns to its previous state", "A S215")
        case .airplaneModeUnchanged: ("Airplane mode is already so: nothing changes", "I")
        case .timePasses: ("Virtual time passes", "I")
        case .clockLimit: ("The virtual clock goes no further than 10,000 years: a wait past that is refused (a bound of locflow's, not of iOS)", "I")
        case .timerLimit: ("A wait fires at most 100,000 timers and a run 1,000,000: a wait past that is refused (a bound of locflow's, not of iOS)", "I")
        case .standardStarted: ("Standard updates start; they continue in the background with allowsBackgroundLocationUpdates (a when-in-use app's only if started in the foreground)", "A S2, S14")
        case .standardStopped: ("Standard updates stop", "A S14")
        case .backgroundUpdatesSet: ("allowsBackgroundLocationUpdates is set (true needs location in UIBackgroundModes; false is always allowed)", "A S14, S65")
        case .significantChangesStarted: ("The significant-change service starts; it persists across launches and its events can launch an app with Always", "A S64, S13")
        case .significantChangesStopped: ("The significant-change service stops", "A S64")
        case .regionStarted: ("Region monitoring starts; it persists across launches and its events can launch an app with Always", "A S13")
        case .regionStopped: ("Region monitoring of that region stops", "A S13")
        case .streamStarted: ("The app starts iterating; updates come while it may receive them", "A S61, S19")
        case .backgroundActivityStarted: ("The app creates a CLBackgroundActivitySession", "A S31")
        case .relaunchWindowCloses: ("The relaunch window closes: what the previous process held and was not re-created is dropped", "A-forum S54; I relaunchWindow")
        case .streamStopped: ("The app stops iterating", "A S61, S19")
        case .conditionAdded: ("A condition is added to the monitor; conditions persist across launches", "A S19")
        case .reducedAccuracyCadence: ("Reduced accuracy: a fix about every reducedAccuracyInterval", "A S14; D S32, S33")
        case .alreadyRunning: ("Already running in this process: nothing changes", "I")
        case .implicitSession: ("iOS 18: this holds an implicit when-in-use session (it may prompt)", "A S6, S18")
        case .ios17NoImplicitPrompt: ("iOS 17: iterating liveUpdates asks for nothing; the app must request authorization itself (assumption ios17LiveUpdatesPrompts false: Apple's iOS 17 material describes no self-prompting)", "I ios17LiveUpdatesPrompts; A S61, S18b")
        case .ios17LiveUpdatesPrompt: ("iOS 17: iterating liveUpdates from notDetermined shows the when-in-use prompt, as on iOS 18 (assumption ios17LiveUpdatesPrompts true)", "I ios17LiveUpdatesPrompts; A S10, S18")
        case .explicitSessionRequired: ("NSLocationRequireExplicitServiceSession: implicit sessions are off; an explicit CLServiceSession is needed", "A S5, S6, S8")
        case .backgroundActivityNeedsForeground: ("A new CLBackgroundActivitySession becomes active only when started in the foreground", "A S31, S18b")
        case .backgroundActivityNeedsMode: ("CLBackgroundActivitySession needs location in UIBackgroundModes: it never becomes active", "A S31")
        case .backgroundActivityInvalidated: ("invalidate() ends the background activity session and removes the indicator", "A S31")
        case .backgroundActivityLapses: ("The background activity session was not rejoined at once: it ends", "A S31")
        case .sessionCreated: ("The app creates and holds a CLServiceSession", "A S7, S8")
        case .sessionRejoined: ("The app re-creates a session kept from the previous process within the relaunch window: it carries on", "A S18; A-forum S54")
        case .sessionAlreadyHeld: ("The running process already holds a session with that ID", "I")
        case .sessionInsufficientlyInUse: ("A session created while not in use reports insufficientlyInUse until the app comes to the foreground", "A S8; A-forum S55")
        case .sessionCreatedInUseAway: ("Created out of the foreground but while the app is in use (the few seconds' grace after leaving it, or the background indicator): a .whenInUse or .none session counts as created while in use, as Apple says to create sessions (a .always one needs the foreground)", "A S8, S12; I")
        case .sessionInvalidated: ("invalidate() ends the session; it can never become active again", "A S8")
        case .invalidateUnknown: ("invalidate needs a session the running process holds", "I")
        case .sessionsOutliveProcess: ("Sessions outlive the process: the system keeps them for the app's next launch", "A S18")
        case .explicitSessionHoldsClassic: ("NSLocationRequireExplicitServiceSession, and no explicit session held: the classic services wait too (assumption explicitSessionKeyCoversClassicAPIs, off: Apple's pages describe the key with CLServiceSession and the new APIs only)", "I explicitSessionKeyCoversClassicAPIs; A S5, S8")
        case .keptSessionNotMatched: ("A session with another goal or purpose key does not rejoin the kept session of its ID: the kept one ends", "A S8, S6")
        case .keptBackgroundActivityRelaunches: ("A background activity session kept for the terminated app lets a CLMonitor event relaunch it in the background; the app must rejoin the session at once (for a when-in-use app, assumption backgroundActivityRelaunchesWhenInUse, on: WWDC24 says the system keeps it \"so it can relaunch or resume the app\"; the authorization page's table says When In Use does not launch a terminated app)", "A S18, S31; I backgroundActivityRelaunchesWhenInUse; A S13")
        case .relaunchWindowOpens: ("The system keeps the previous process's sessions for relaunchWindow after a launch", "A S18; A-forum S54; I relaunchWindow")
        case .sessionLapses: ("Not re-created within the relaunch window: the app is no longer interested, the session lapses", "A-forum S54")
        case .rejoinWithinWindow: ("Re-started within the relaunch window: it rejoins what the previous process held", "A S31, S18")
        case .sessionGoalPrompts: ("A when-in-use goal from notDetermined: Core Location asks once the app is in the foreground", "A S7, S8b, S10")
        case .sessionAlwaysFromNotDetermined: ("An Always goal from notDetermined: the when-in-use prompt first, then the upgrade prompt (assumption alwaysSessionAsksTwice, on: Apple says a session \"requests a person's authorization to meet those requirements if possible\", not in how many prompts)", "I alwaysSessionAsksTwice; A S7, S10, S18")
        case .sessionAlwaysUpgrade: ("An Always goal from permanent when-in-use: the upgrade prompt, once (the one-shot, as requestAlwaysAuthorization's)", "A S10, S1; I")
        case .sessionAlwaysAsksOnce: ("An Always goal from notDetermined asks once: Allow While Using gives provisional Always (assumption alwaysSessionAsksTwice false)", "I alwaysSessionAsksTwice")
        case .classicNeedsAlwaysSession: ("iOS 18: no .always session started in the foreground is held or kept, so Always does not take effect for this event while the app is not in use (assumption alwaysSessionCoversClassicAPIs: Apple says so for liveUpdates and CLMonitor events, not for the classic services)", "I alwaysSessionCoversClassicAPIs; A S18, S8")
        case .resetKeepsOneShot: ("The reset keeps the used Always request (assumption resetClearsAlwaysRequest false)", "I")
        case .sessionFullAccuracyPrompt: ("A held session with fullAccuracyPurposeKey: Core Location asks for temporary full accuracy", "A S8")
        // Format 1.1
        case .requestLocationStarted: ("requestLocation asks for one location at the desiredAccuracy, then stops", "A S200")
        case .requestLocationFix: ("requestLocation delivers its one location to locationManager(_:didUpdateLocations:) and stops", "A S200")
        case .requestLocationWaits: ("No fix yet: requestLocation waits up to requestLocationTimeout before it fails", "A S200; I requestLocationTimeout")
        case .requestLocationTimesOut: ("No fix in time: requestLocation fails with kCLErrorLocationUnknown", "A S200, S209; I requestLocationTimeout")
        case .requestLocationNotDetermined: ("requestLocation while notDetermined asks for nothing and reports nothing: the request is dropped", "A S12; I")
        case .requestLocationHeld: ("A when-in-use app that is not in use is not served: the request waits until the app is in use again", "A S12; I")
        case .requestLocationCancelled: ("startUpdatingLocation or stopUpdatingLocation cancels a pending requestLocation (no fix, no error)", "A S200")
        case .fixAtStart: ("Location delivery starts: a fix at once (approximate under reduced accuracy), then one every preciseFixInterval while the device moves (reducedAccuracyInterval when reduced)", "A S201, S212; I preciseFixInterval")
        case .fixesArrive: ("Locations keep arriving while time passes: one every preciseFixInterval while the device moves (standard updates every reducedAccuracyInterval when approximate)", "A S201, S212; I preciseFixInterval")
        case .desiredAccuracySet: ("desiredAccuracy is set; it affects standard updates and requestLocation only (with reduced accuracy authorization it has no effect)", "A S201")
        case .desiredAccuracyReducedFixes: ("desiredAccuracy kCLLocationAccuracyReduced: approximate fixes a few times an hour, as without full accuracy", "A S212")
        case .locationUnknownError: ("Standard updates without a fix: the delegate gets kCLErrorLocationUnknown (once)", "A S209, S213")
        case .pausesAutomaticallySet: ("pausesLocationUpdatesAutomatically is set (Apple's default is true)", "A S202")
        case .activityTypeSet: ("activityType is recorded; it is a cue for automatic pausing (locflow does not change the delay)", "A S210; I")
        case .autoPaused: ("The device stayed stationary for autoPauseDelay: Core Location pauses standard updates and calls locationManagerDidPauseLocationUpdates", "A S202, S203; I autoPauseDelay")
        case .pausedStaysPaused: ("Paused updates do not resume by themselves: the app must restart location services", "A S203")
        case .pauseRestarted: ("startUpdatingLocation restarts paused updates", "A S203")
        case .pauseCannotRestartInBackground: ("A when-in-use app cannot restart paused updates from the background", "A S2, S203")
        case .indicatorPropertySet: ("showsBackgroundLocationIndicator is set; it matters only for Always apps and is read when the app moves to the background", "A S204")
        case .liveActivityStarted: ("A Live Activity starts; for a when-in-use app it keeps liveUpdates and CLMonitor events eligible in the background (no blue indicator)", "A S211, S18, S18b")
        case .liveActivityStopped: ("The app ends its Live Activity", "A S211")
        case .liveActivityExpires: ("The Live Activity ends after liveActivityMaxDuration", "I liveActivityMaxDuration; D")
        case .liveActivityNeedsForeground: ("A Live Activity can only be started while the app is in the foreground: nothing starts", "A S211")
        case .liveActivityUnavailable: ("Live Activities need iOS 16.1 (not visionOS): nothing starts", "A S211")
        case .visitsStarted: ("The visits service starts; it persists across launches and its events can launch an app with Always", "A S205, S12")
        case .visitsStopped: ("The visits service stops", "A S214")
        case .visitsNotMonitored: ("The app does not monitor visits: the visit reaches no one", "I")
        case .visitsUnavailable: ("The visits service does nothing for an iPad app on visionOS", "A S214")
        case .beaconRangingStarted: ("Beacon ranging starts for this process; it never launches or resumes the app", "A S206, S12")
        case .beaconRangingStopped: ("Beacon ranging stops", "A S206")
        case .beaconRegionStarted: ("Beacon-region monitoring starts; it persists across launches and its events can launch an app with Always", "A S207, S12")
        case .beaconRegionStopped: ("Beacon-region monitoring of that region stops", "A S207")
        case .beaconRanged: ("The ranged beacons are delivered to the running app", "A S206")
        case .beaconRangingWithheld: ("The ranged beacons are not delivered", "A S206, S14, S12")
        case .beaconNotMonitored: ("The app neither ranges nor monitors beacons with that ID", "I")
        case .reducedAccuracyNoBeacons: ("Reduced accuracy: beacon ranging and beacon regions are unavailable", "A S14, S212")
        case .widgetAdded: ("The person adds the app's widget; it changes no authorization and never makes the app in use", "A S17, S17b; I")
        case .widgetRemoved: ("The person removes the app's widget; authorization is unchanged", "A S17; I")
        case .widgetNotShipped: ("The app ships no widget that wants location (no widget true)", "I")
        case .appClipNoAlways: ("An App Clip cannot request Always: requestAlwaysAuthorization does nothing", "A S208")
        case .appClipSessionWhenInUse: ("An App Clip's .always session asks only for when-in-use", "A S208; I")
        case .appClipGrantResets: ("An App Clip's location authorization resets at the next 04:00 (Apple: 4 a.m. the next day): the status returns to notDetermined", "A S208; I startTimeOfDay")
        case .widgetAsks: ("Adding the widget asks whether to extend when-in-use to widgets: \"When the user adds a widget that uses location, the system asks whether they want to extend the app's location authorization to the widget\" (assumption addWidgetAsks, on; the prompt's words and buttons are locflow's: Apple gives none)", "A S17b, S17; I addWidgetAsks")
        case .widgetPromptAllow: ("Allowed: while using the app or widgets; the status stays authorizedWhenInUse, so no callback", "A S17; I")
        case .widgetPromptDeny: ("Not allowed: the app's authorization stays while using the app", "I")
        case .forceQuitBlocksRelaunch: ("The person force-quit the app: the event does not relaunch it until the person opens it or the device restarts (assumption forceQuitBlocksRelaunch, off: one developer reports it of iOS 26.4.2, where iOS 18 relaunched)", "I forceQuitBlocksRelaunch; D S222")
        case .deviceRestart: ("The device restarts: every process ends, and what lives only in memory with it (Allow Once, temporary full accuracy, prompts, kept sessions and streams); the authorization and Settings stay", "D S225, S226; I")
        case .restartEndsSessions: ("The system kept sessions for the app's next launch: a restart ends them and their relaunch window (they lived in memory)", "I; A S18")
        case .restartLiftsForceQuit: ("After a restart a force-quit app may be relaunched again (\"until reopened/rebooted\")", "D S222; I forceQuitBlocksRelaunch")
        case .platformLacksCall: ("The platform does not have this API (Apple's availability lists no version for it there): the call is refused", "A S230b, S230c, S233, S234; A-forum S235")
        case .macOSPrompt: ("macOS asks once, with NSLocationUsageDescription: the alert's buttons are Don't Allow and Allow (their words and order are locflow's: Apple's pages show none)", "A S231; D S237; I")
        case .macOSOneRequest: ("macOS has no when-in-use level: requestAlwaysAuthorization shows the same single prompt as requestWhenInUseAuthorization", "A S230, S231; I")
        case .macOSAllow: ("Allow on macOS grants authorizedAlways (macOS's authorized): authorizedWhenInUse is not a macOS status, and System Settings shows the app's switch on", "A S230, S230a; D S237")
        case .macOSNoSuspension: ("macOS does not suspend apps in the background: a running Mac app is always in use", "A S232")
        case .watchComplicationInUse: ("The app's complication is on the current watch face: the app counts as in use while it runs in the background (assumption watchComplicationInUse, on)", "D S236; I watchComplicationInUse")
        case .restartKeepsMonitoring: ("Region, significant-change, visit, beacon-region and CLMonitor-condition monitoring persist across the restart: the next such event relaunches an Always app", "D S225, S226, S227; A S13, S64")
        }
    }
}

extension Rule {
    /// The rule's place in `Rule.allCases`: its raw value, which numbers the cases from 0 in
    /// the order they are declared (a test holds the two equal).
    @inlinable @inline(__always) public var ordinal: Int { rawValue }

    /// The rule's name: its case's, as written in `Rule` (`locflow rules`, traces, `explain`).
    public var name: String { Rule.names[rawValue] }

    /// The rule with this name, if there is one.
    public init?(name: String) {
        guard let r = Rule.byName[name] else { return nil }
        self = r
    }

    /// Each case's name, in order: a case prints as its name.
    private static let names: [String] = allCases.map { String(describing: $0) }
    private static let byName: [String: Rule] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })
}

/// A set of rules as bits, held inline (the model checker notes the rules of millions of
/// transitions): room for 256 rules (there are about 200), a test holds that there are no more.
public struct RuleSet: Sendable, Hashable {
    public static let capacity = 256
    /// Four zeros written out: every step of the model checker starts an empty set, and made
    /// with `InlineArray(repeating:)` it took 0.3% more of the search's instructions.
    @usableFromInline var words: InlineArray<4, UInt64> = [0, 0, 0, 0]
    public init() {}
    public static func == (a: RuleSet, b: RuleSet) -> Bool {
        for i in a.words.indices where a.words[i] != b.words[i] { return false }
        return true
    }
    public func hash(into hasher: inout Hasher) {
        for i in words.indices { hasher.combine(words[i]) }
    }
    @inlinable @inline(__always) public mutating func insert(_ rule: Rule) {
        let i = rule.ordinal
        words[i >> 6] |= 1 << UInt64(i & 63)
    }
    public func contains(_ rule: Rule) -> Bool {
        let i = rule.ordinal
        return words[i >> 6] & (1 << UInt64(i & 63)) != 0
    }
    @inline(__always) public mutating func formUnion(_ other: RuleSet) {
        for i in words.indices { words[i] |= other.words[i] }
    }
    /// The rules in the set, in declaration order.
    public var rules: [Rule] { Rule.allCases.filter(contains) }
}
