import Testing
@testable import LocflowCore

/// Diagnostic properties as bits (`DiagnosticSet`): the same sets, in the same order, as lists.
@Suite("diagnostic sets")
struct DiagnosticSetTests {
    @Test func eachPropertyHasItsOwnBitInApplesOrder() {
        #expect(Diagnostic.allCases.map(\.bit) == (0..<UInt16(Diagnostic.allCases.count)).map { $0 })
        let all = DiagnosticSet(Diagnostic.allCases)
        #expect(all.elements == Diagnostic.allCases)
        for d in Diagnostic.allCases {
            #expect(all.subtracting(DiagnosticSet(d)).elements == Diagnostic.allCases.filter { $0 != d })
        }
    }

    @Test func eachTypesSetIsItsList() {
        for type in [DiagnosticType.serviceSession, .backgroundActivity, .locationUpdate, .monitorEvent] {
            #expect(type.propertySet == DiagnosticSet(type.properties), "\(type.rawValue)")
            #expect(type.propertySet.elements == type.properties, "\(type.rawValue): Apple's order is the cases' order")
        }
    }
}
