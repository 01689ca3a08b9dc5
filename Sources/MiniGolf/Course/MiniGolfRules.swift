import DuoPlatform
import DuoSupport
import Foundation
import TabletopEngine

/// A mini golf course as data: the rules of one variant, loaded from
/// `Assets/games/minigolf/<variant>.json`.
///
/// Everything a match depends on is here (holes, stroke cap, penalty,
/// physics), so the rules hash of a replay covers it all.
public struct MiniGolfRules: Hashable, Sendable, Codable {
    /// The course's name, shown to players.
    public var course: String
    /// The most strokes a player may take on one hole; reaching it without
    /// holing out ends the hole for that player, scored at the cap.
    public var strokeCap: Int
    /// Strokes added when the ball goes into water (on top of the stroke itself).
    public var waterPenalty: Int
    /// The physical constants.
    public var physics: PhysicsSettings
    /// The holes, in playing order.
    public var holes: [HoleLayout]

    /// Makes rules.
    public init(course: String, strokeCap: Int, waterPenalty: Int, physics: PhysicsSettings, holes: [HoleLayout]) {
        self.course = course
        self.strokeCap = strokeCap
        self.waterPenalty = waterPenalty
        self.physics = physics
        self.holes = holes
    }

    /// Decodes and validates rules from a variant file's bytes.
    /// - Throws: ``GameDataError`` naming the field (`holes[2].cup`) and the problem.
    public static func load(from data: Data) throws(GameDataError) -> MiniGolfRules {
        let rules: MiniGolfRules
        do throws(DataFileError) {
            rules = try DataFileDecoder.decode(MiniGolfRules.self, from: data)
        } catch {
            throw GameDataError(error)
        }
        return try rules.validated()
    }
}
