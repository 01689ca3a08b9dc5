import DuoDesktop
import DuoPlatform

/// The sprites mini golf draws on the course, in `Assets/sprites/minigolf/`
/// (made by scripts/make-sprites.sh), with the sizes they are drawn at.
enum GolfSprites {
    /// The ball, white and dimpled, drawn over the ball's disc.
    static let ball = Sprite("sprites/minigolf/ball.png")
    /// The flag on its pole, the pole's foot at the cup's centre.
    static let flag = Sprite("sprites/minigolf/flag.png")

    /// The flag's size in points on the course: its image is 4 pixels a point.
    static let flagSize = (width: 14.0, height: 23.0)
    /// Where the pole stands inside the flag's image, in points from its left edge.
    static let flagPoleX = 1.0

    /// Where the caddie view draws the flag: the image as tall as the flagstick is seen
    /// from `foot` up to `top` (projected points), its pole on the foot.
    static func caddieFlagFrame(foot: Point, top: Point) -> Rect {
        let height = foot.y - top.y
        let width = height * flagSize.width / flagSize.height
        return Rect(x: foot.x - width * flagPoleX / flagSize.width, y: top.y, width: width, height: height)
    }
}
