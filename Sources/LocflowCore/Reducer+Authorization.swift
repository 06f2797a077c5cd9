/// The reducer, authorization and prompts: requests, the prompts they show, the person's answers,
/// and what the person does in Settings.
extension World {

    // MARK: Requests

    /// Common preconditions of the authorization requests; returns false (with the reason noted)
    /// when the call does nothing. The first are `requestWithoutEffect`'s, asked again here for
    /// visionOS, where requestAlwaysAuthorization asks for when-in-use.
    mutating func canRequest(_ name: String, needsAlwaysKey: Bool, _ t: inout Transition) -> Bool {
        if let why = requestWithoutEffect(name, needsAlwaysKey: needsAlwaysKey, details: !t.quiet) {
            t.note(why.rule, why.detail)
            return false
        }
        if !locationServicesOn { showServicesOff(&t); return false }
        if authorizationRequestInProgress { t.note(.requestWhilePrompting, name); return false }
        return true
    }

    mutating func requestWhenInUse(_ t: inout Transition) {
        guard canRequest("requestWhenInUseAuthorization", needsAlwaysKey: false, &t) else { return }
        // The status read once: an autoclosure reading `status` captured (copied) the whole world.
        let st = status
        guard st == .notDetermined else {
            return t.note(.whenInUseNeedsNotDetermined, "status is \(st.rawValue)")
        }
        if profile.legacyPrompts {
            enqueue(Prompt(kind: .legacyWhenInUse, origin: .requestWhenInUse), &t)
            t.note(.legacyWhenInUsePrompt)
        } else {
            enqueue(whenInUsePrompt(.requestWhenInUse), &t)
            t.note(profile.grantIsAlways ? .macOSPrompt : .whenInUsePrompt)
        }
    }

    func whenInUsePrompt(_ origin: PromptOrigin) -> Prompt {
        let reduced = keys.defaultAccuracyReduced
        let showsSwitch = profile.hasAccuracy && !profile.settingsIsSwitch && !(reduced && assumptions.reducedDefaultHidesPreciseSwitch)
        return Prompt(kind: .whenInUse, origin: origin, showsPreciseSwitch: showsSwitch, precise: !reduced)
    }

    mutating func requestAlways(_ t: inout Transition) {
        // An App Clip's request has no effect (`withoutEffect`).
        if !profile.hasAlways {
            t.note(.visionOSAlwaysIsWhenInUse)
            return requestWhenInUse(&t)
        }
        if profile.grantIsAlways {
            // macOS: the one prompt, whichever request asks. [A S230, S231]
            t.note(.macOSOneRequest)
            return requestWhenInUse(&t)
        }
        guard canRequest("requestAlwaysAuthorization", needsAlwaysKey: true, &t) else { return }
        if record.alwaysRequestUsed { return t.note(.alwaysOneShot) }
        switch status {
        case .notDetermined:
            record.alwaysRequestUsed = true
            if profile.legacyPrompts {
                enqueue(Prompt(kind: .legacyAlways, origin: .requestAlways), &t)
                t.note(.legacyAlwaysPrompt)
            } else {
                enqueue(whenInUsePrompt(.requestAlways), &t)
                t.note(.alwaysFromNotDetermined)
            }
        case .authorizedWhenInUse:
            if record.temporaryGrant {
                t.note(.alwaysIgnoredAfterAllowOnce)
                if assumptions.ignoredAlwaysRequestUsesOneShot {
                    record.alwaysRequestUsed = true
                    t.note(.ignoredAlwaysUsesOneShot)
                }
                return
            }
            record.alwaysRequestUsed = true
            if profile.legacyPrompts {
                enqueue(Prompt(kind: .legacyAlways, origin: .requestAlways), &t)
                t.note(.legacyAlwaysPrompt)
            } else if profile.immediateUpgrade {
                enqueue(Prompt(kind: .alwaysUpgrade, origin: .immediateUpgrade), &t)
                t.note(.immediateUpgrade)
            } else {
                record.provisionalAlways = true
                t.note(.ios13ProvisionalFromWhenInUse)
            }
        case let st:
            t.note(.alwaysNothingToDo, "status is \(st.rawValue)")
        }
    }

    mutating func requestTemporaryFullAccuracy(_ key: Name, _ t: inout Transition) {
        guard profile.hasAccuracy else { return t.note(.needsIOS14) }
        func decline(_ rule: Rule, _ detail: String? = nil) {
            completion = .promptDeclined
            t.emit(.completion(.promptDeclined))
            t.note(rule, detail)
        }
        if !purposeKeys.contains(key) {
            return decline(.purposeKeyMissing, "no purpose key '\(key.string)'")
        }
        if lifecycle != .foreground { return decline(.temporaryInBackground) }
        if !status.isAuthorized { return decline(.temporaryNotAuthorized, "status is \(status.rawValue)") }
        if accuracy == .fullAccuracy { return decline(.temporaryAlreadyFull) }
        completion = .pending
        t.emit(.completion(.pending))
        enqueue(Prompt(kind: .temporaryFullAccuracy, origin: .temporaryRequest(purposeKey: key), purposeKey: key), &t)
        t.note(.temporaryPrompt)
    }

    mutating func showServicesOff(_ t: inout Transition) {
        t.note(.servicesOffPrompt)
        guard lifecycle == .foreground, prompt?.kind != .servicesOff, !promptQueue.contains(where: { $0.kind == .servicesOff }) else { return }
        enqueue(Prompt(kind: .servicesOff, origin: .servicesOff), &t)
    }

    // MARK: - user ...

    mutating func user(_ action: UserAction, _ t: inout Transition) {
        switch action {
        case .tap(let label): tap(label, &t)
        case .precise(let on):
            guard var p = prompt else { return }
            p.precise = on
            prompt = p
            t.note(.promptPreciseSwitch)
        case .settings(let choice): settings(choice, &t)
        case .settingsPrecise(let on):
            leaveForSettings(&t)
            record.precise = on
            t.note(.settingsPrecise)
        case .settingsLocationServices(let on):
            leaveForSettings(&t)
            let wasOff = servicesOff
            locationServicesOn = on
            t.note(on ? .locationServicesOn : .locationServicesOff)
            noteRestrictedServices(wasOff: wasOff, &t)
        case .settingsReset:
            leaveForSettings(&t)
            let used = record.alwaysRequestUsed
            record = AppRecord(precise: !keys.defaultAccuracyReduced)
            t.note(.resetLocationPrivacy)
            if !assumptions.resetClearsAlwaysRequest && used {
                record.alwaysRequestUsed = true
                t.note(.resetKeepsOneShot)
            }
        case .background:
            enterBackground(&t)  // from the foreground (elsewhere the step has no effect)
        case .foreground:
            switch lifecycle {
            case .foreground: break  // no effect
            case .background:
                lifecycle = .foreground
                t.note(.toForeground)
            case .suspended:
                lifecycle = .foreground
                t.emit(.resumed)
                t.note(.resumeDeliversHeld)
            case .terminated:
                t.note(.launchByPerson)
                launch(background: false, into: &t)
            }
        case .forceQuit:
            t.note(.forceQuit)
            terminate(&t)
            forceQuitSinceOpened = true
        case .locationButton: locationButton(&t)
        case .addWidget: addWidget(&t)
        case .removeWidget: removeWidget(&t)
        }
    }

    mutating func enterBackground(_ t: inout Transition) {
        lifecycle = .background
        foregroundLeftAt = now
        suspendAt = nil
        process.indicatorPropertyAtBackground = process.showsBackgroundIndicator  // read now [A S204]
        t.note(.toBackground)
    }

    /// `user settings ...` while the app is in the foreground: the person leaves the app first.
    mutating func leaveForSettings(_ t: inout Transition) {
        if lifecycle == .foreground {
            t.note(.settingsLeavesApp)
            enterBackground(&t)
        }
    }

    /// On a restricted device, what Location Services off (or Airplane mode) makes the status
    /// read is an assumption: said when a switch turns them on or off for the app (`wasOff`:
    /// before the switch).
    func noteRestrictedServices(wasOff: Bool, _ t: inout Transition) {
        guard restricted, servicesOff != wasOff else { return }
        t.note(.restrictedServicesOff, assumptions.servicesOffOverridesRestricted
               ? "servicesOffOverridesRestricted: it reads denied while Location Services are off or Airplane mode is on, else restricted"
               : "servicesOffOverridesRestricted false: it reads restricted either way")
    }

    mutating func settings(_ choice: SettingsChoice, _ t: inout Transition) {
        leaveForSettings(&t)
        if choice == record.choice {
            return t.note(.settingsSameChoice, choice.rawValue)
        }
        record.choice = choice
        record.provisionalAlways = false
        record.temporaryGrant = false
        t.note(.settingsChoice, choice.rawValue)
    }

    /// A tap that gets this far can grant (`withoutEffect` says when it cannot).
    mutating func locationButton(_ t: inout Transition) {
        if record.locationButtonApproved {
            grantTemporary(&t)
            t.note(.locationButtonGrant)
        } else {
            enqueue(Prompt(kind: .locationButton, origin: .locationButton), &t)
            t.note(.locationButtonFirstTap)
        }
    }

    mutating func grantTemporary(_ t: inout Transition) {
        record.temporaryGrant = true
        if record.choice == .unlisted { record.choice = .askNextTime }
    }

    // MARK: Prompt answers

    mutating func tap(_ label: String, _ t: inout Transition) {
        guard let p = prompt, let button = matchingButton(label, in: buttons(for: p)) else { return }
        prompt = nil
        t.emit(.promptAnswered(p.kind, button: button))
        switch (p.kind, button) {
        case (.whenInUse, "Allow") where profile.grantIsAlways:
            // macOS: one grant, read as authorizedAlways (macOS's `authorized`). [A S230, S231]
            record.choice = .always
            record.temporaryGrant = false
            t.note(.macOSAllow)
        case (.whenInUse, "Allow Once"):
            grantTemporary(&t)
            record.choice = .askNextTime
            applyPromptPrecise(p)
            t.note(.allowOnce)
        case (.whenInUse, "Allow While Using App"):
            record.choice = .whileUsing
            record.temporaryGrant = false
            applyPromptPrecise(p)
            if p.origin == .requestAlways {
                record.provisionalAlways = true
                t.note(.provisionalAlways)
            } else {
                t.note(.allowWhileUsing)
            }
        case (.whenInUse, _), (.legacyWhenInUse, "Don't Allow"), (.legacyAlways, "Don't Allow"):
            record.choice = .never
            record.temporaryGrant = false
            t.note(p.kind == .whenInUse ? .dontAllow : .legacyDontAllow)
        case (.legacyWhenInUse, _), (.legacyAlways, "Only While Using the App"):
            record.choice = .whileUsing
            t.note(.legacyWhileUsing)
        case (.legacyAlways, _):
            record.choice = .always
            t.note(.legacyAlwaysAllow)
        case (.alwaysUpgrade, "Change to Always Allow"):
            record.choice = .always
            record.provisionalAlways = false
            if case .deferredUpgrade(let trigger) = p.origin {
                t.note(.deferredUpgradeAllow)
                // Answered soon after it appeared: the event is delivered; later, it is dropped. [A S1][I]
                if let shown = promptShownAt, now - shown > assumptions.deferredUpgradeAnswerWindow {
                    t.note(.deferredEventDropped, formatDuration(assumptions.deferredUpgradeAnswerWindow))
                    t.emit(.locationEvent(trigger.string, delivered: false))
                } else {
                    deliverAlwaysEvent(trigger.string, &t)
                }
            } else {
                t.note(.upgradeAllow)
            }
        case (.alwaysUpgrade, _):
            record.provisionalAlways = false
            if record.choice == .always { record.choice = .whileUsing }
            if case .deferredUpgrade(let trigger) = p.origin {
                t.note(.deferredUpgradeKeep)
                t.emit(.locationEvent(trigger.string, delivered: false))
            } else {
                t.note(.upgradeKeep)
            }
        case (.temporaryFullAccuracy, let b):
            let allowed = b == "Allow Once"
            if allowed {
                record.temporaryFullAccuracy = true
                t.note(.temporaryFullAccuracyGranted)
            } else {
                t.note(.temporaryFullAccuracyDeclined)
            }
            switch p.origin {
            case .temporaryRequest:
                completion = .nil
                t.emit(.completion(.nil))
                t.note(.completionNilWhenShown)
            case .session(let id):
                if !allowed, let i = sessions.lastIndex(where: { $0.id == id }) { sessions[i].fullAccuracyDeclined = true }
            default: break
            }
        case (.backgroundReminder, "Change to Only While Using"):
            record.choice = .whileUsing
            record.provisionalAlways = false
            // The person said no to Always: no .always session asks again, and its diagnostics
            // say alwaysAuthorizationDenied, as after "Keep Only While Using". [A S7, S8][I]
            record.alwaysRequestUsed = true
            t.note(.reminderDowngrade)
        case (.backgroundReminder, _):
            t.note(.reminderKeep)
        case (.locationButton, "Allow Once"):
            record.locationButtonApproved = true
            grantTemporary(&t)
            t.note(.locationButtonConfirmed)
        case (.locationButton, _):
            t.note(.locationButtonCancelled)
        case (.servicesOff, "Settings"):
            t.note(.servicesOffSettings)
            if lifecycle == .foreground { enterBackground(&t) }
        case (.servicesOff, _):
            t.note(.servicesOffCancel)
        case (.widget, "Allow"):
            record.choice = .whileUsingOrWidgets
            t.note(.widgetPromptAllow)
        case (.widget, _):
            t.note(.widgetPromptDeny)
        }
    }

    mutating func applyPromptPrecise(_ p: Prompt) {
        guard profile.hasAccuracy else { return }
        record.precise = p.precise
    }


    // MARK: - Prompts

    /// Queues a prompt; the same prompt already up or waiting is not asked twice.
    mutating func enqueue(_ p: Prompt, _ t: inout Transition) {
        if let up = prompt, up == p { return }  // not `prompt == p`: see `noPrompt`
        if promptQueue.contains(p) { return }
        promptQueue.append(p)
    }

}
