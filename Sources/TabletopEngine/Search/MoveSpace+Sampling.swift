import Foundation

extension MoveSpace {
    /// A uniformly random move of a space whose every combination of
    /// ``fields`` is a move (`{"angle": a, "power": p}`); nil when the space
    /// has no fields or the game's move does not decode from them.
    ///
    /// The move is decoded from its field values directly (a decoder that
    /// hands out the whole numbers by name, no JSON text: the search draws
    /// thousands a move), falling back to its JSON for a move of another
    /// shape; either way it is the move `JSONDecoder` reads from
    /// `{"angle": a, "power": p}`.
    @usableFromInline func randomMove<Move: Decodable>(_ type: Move.Type, using generator: inout SeededGenerator) -> Move? {
        guard !fields.isEmpty else { return nil }
        var values: [Int] = []
        values.reserveCapacity(fields.count)
        for field in fields { values.append(field.minimum + generator.nextInt(below: field.valueCount)) }
        if let move = try? Move(from: FieldDecoder(names: fields.map(\.name), values: values)) { return move }
        var json = "{"
        for (index, field) in fields.enumerated() {
            if index > 0 { json += "," }
            json += "\"\(field.name)\":\(values[index])"
        }
        json += "}"
        return try? JSONDecoder().decode(Move.self, from: Data(json.utf8))
    }
}

/// A decoder of one flat object of whole numbers by name: what a move of a
/// ``MoveSpace`` is. Anything else (nested values, lists, text) throws, and
/// the caller falls back to JSON.
struct FieldDecoder: Decoder {
    let names: [String]
    let values: [Int]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Fields<Key>(names: names, values: values))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Self.unsupported }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Self.unsupported }

    static var unsupported: DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a move space's fields are whole numbers by name"))
    }

    struct Fields<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let names: [String]
        let values: [Int]
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { names.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { names.contains(key.stringValue) }

        func value(_ key: Key) throws -> Int {
            guard let index = names.firstIndex(of: key.stringValue) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: [], debugDescription: "no field \(key.stringValue)"))
            }
            return values[index]
        }

        func exactly<T: BinaryInteger>(_ key: Key) throws -> T {
            guard let converted = T(exactly: try value(key)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "out of range"))
            }
            return converted
        }

        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { throw FieldDecoder.unsupported }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { throw FieldDecoder.unsupported }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { Double(try value(key)) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try value(key)) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try exactly(key) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try exactly(key) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try exactly(key) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try exactly(key) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try exactly(key) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try exactly(key) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try exactly(key) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try exactly(key) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try exactly(key) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { throw FieldDecoder.unsupported }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            throw FieldDecoder.unsupported
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw FieldDecoder.unsupported }
        func superDecoder() throws -> any Decoder { throw FieldDecoder.unsupported }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw FieldDecoder.unsupported }
    }
}

extension MoveSpace {
    /// A move near `move` (a move of this space): each field moved by a
    /// normal draw of standard deviation `spread` times its range (at least
    /// one step), kept in range; nil when the move is not a flat object of
    /// this space's fields.
    @usableFromInline func move<Move: Codable>(near move: Move, spread: Double, using generator: inout SeededGenerator) -> Move? {
        let encoder = FieldEncoder()
        guard (try? move.encode(to: encoder)) != nil else { return nil }
        var values: [Int] = []
        for field in fields {
            guard let value = encoder.box.values[field.name] else { return nil }
            let deviation = max(1, spread * Double(field.valueCount))
            // A normal draw (Box-Muller), from the search's own generator.
            let u = max(generator.nextUnit(), 0x1.0p-53)
            let v = generator.nextUnit()
            let step = (deviation * (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)).rounded()
            values.append(min(field.maximum, max(field.minimum, value + Int(step))))
        }
        return try? Move(from: FieldDecoder(names: fields.map(\.name), values: values))
    }
}

/// An encoder that keeps the whole-number fields of one flat object by name.
final class FieldEncoder: Encoder {
    final class Box {
        var values: [String: Int] = [:]
    }
    let box = Box()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Fields<Key>(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { Unsupported() }
    func singleValueContainer() -> any SingleValueEncodingContainer { Unsupported() }

    struct Fields<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let box: Box
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws { throw FieldDecoder.unsupported }
        mutating func encode(_ value: Int, forKey key: Key) throws { box.values[key.stringValue] = value }
        mutating func encode(_ value: Bool, forKey key: Key) throws { throw FieldDecoder.unsupported }
        mutating func encode(_ value: String, forKey key: Key) throws { throw FieldDecoder.unsupported }
        mutating func encode(_ value: Double, forKey key: Key) throws { throw FieldDecoder.unsupported }
        mutating func encode(_ value: Float, forKey key: Key) throws { throw FieldDecoder.unsupported }
        mutating func encode(_ value: Int8, forKey key: Key) throws { box.values[key.stringValue] = Int(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { box.values[key.stringValue] = Int(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { box.values[key.stringValue] = Int(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { box.values[key.stringValue] = Int(value) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try store(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { box.values[key.stringValue] = Int(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { box.values[key.stringValue] = Int(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { box.values[key.stringValue] = Int(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try store(value, key) }
        func store<T: BinaryInteger>(_ value: T, _ key: Key) throws {
            guard let exact = Int(exactly: value) else { throw FieldDecoder.unsupported }
            box.values[key.stringValue] = exact
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            guard let integer = value as? any BinaryInteger, let exact = Int(exactly: integer) else { throw FieldDecoder.unsupported }
            box.values[key.stringValue] = exact
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(FieldEncoder.Fields<NestedKey>(box: Box()))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { Unsupported() }
        mutating func superEncoder() -> any Encoder { FieldEncoder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { FieldEncoder() }
    }

    /// What a flat object of numbers never uses: every write throws.
    struct Unsupported: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }
        mutating func encodeNil() throws { throw FieldDecoder.unsupported }
        mutating func encode<T: Encodable>(_ value: T) throws { throw FieldDecoder.unsupported }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(FieldEncoder.Fields<NestedKey>(box: Box()))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Unsupported() }
        mutating func superEncoder() -> any Encoder { FieldEncoder() }
    }
}
