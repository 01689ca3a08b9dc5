import BroadsideDesktop
import DuoDesktop
import Testing

@Suite("Finding the font")
struct FontLocatorTests {
    @Test("Debian's DejaVu Sans is used when it is where the package puts it")
    func debianPath() throws {
        let locator = FontLocator(environment: [:], fileExists: { $0.hasPrefix(FontLocator.debianDirectory) }, fontconfigLookup: { _ in nil })
        let faces = try locator.locate()
        #expect(faces.regular.hasSuffix("DejaVuSans.ttf"))
        #expect(faces.bold.hasSuffix("DejaVuSans-Bold.ttf"))
    }

    @Test("fontconfig is asked when the Debian path is empty")
    func fontconfigFallback() throws {
        let locator = FontLocator(
            environment: [:], fileExists: { $0.hasPrefix("/opt/fonts") },
            fontconfigLookup: { $0.contains("bold") ? "/opt/fonts/DejaVuSans-Bold.ttf" : "/opt/fonts/DejaVuSans.ttf" })
        #expect(try locator.locate() == FontLocator.Faces(regular: "/opt/fonts/DejaVuSans.ttf", bold: "/opt/fonts/DejaVuSans-Bold.ttf"))
    }

    @Test("DUO_FONT overrides, and a missing override is an error naming it")
    func override() throws {
        let good = FontLocator(environment: ["DUO_FONT": "/tmp/Mine.ttf"], fileExists: { $0 == "/tmp/Mine.ttf" }, fontconfigLookup: { _ in nil })
        #expect(try good.locate().regular == "/tmp/Mine.ttf")
        let bad = FontLocator(environment: ["DUO_FONT": "/tmp/Gone.ttf"], fileExists: { _ in false }, fontconfigLookup: { _ in nil })
        #expect { try bad.locate() } throws: { ($0 as? DesktopError)?.cause.contains("/tmp/Gone.ttf") == true }
    }

    @Test("No font anywhere is one clear error naming the package to install")
    func missingFont() {
        let locator = FontLocator(environment: [:], fileExists: { _ in false }, fontconfigLookup: { _ in nil })
        #expect {
            try locator.locate()
        } throws: { error in
            guard let error = error as? DesktopError else { return false }
            return error.cause.contains("DejaVu Sans") && error.fix.contains("fonts-dejavu-core")
        }
    }
}
