import Broadside
import DuoDesktop

/// The ship sprites Broadside draws, in `Assets/sprites/broadside/` (made by
/// scripts/make-sprites.sh): one image per length and heading, its white deck
/// tinted with the seat's colour when drawn.
enum BroadsideSprites {
    /// The lengths that have their own images.
    static let lengths = 2...5

    /// The sprite of a ship `length` cells long lying along `heading`. A length
    /// without its own image (a custom variant's) uses the nearest one's, stretched over its cells.
    static func ship(length: Int, heading: Heading) -> Sprite {
        let shown = min(max(length, lengths.lowerBound), lengths.upperBound)
        return Sprite("sprites/broadside/ship-\(shown)-\(heading == .across ? "across" : "down").png")
    }
}
