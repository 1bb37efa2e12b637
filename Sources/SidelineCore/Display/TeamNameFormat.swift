/// Team and league names cut to fit: whole in the attributes (≤ 40 characters, as Sleeper
/// allows), shorter in the title, shortest in the Dynamic Island. Byte caps as well as
/// character caps, because one family emoji is 25 bytes of a 4096-byte payload.
struct TeamNameFormat {
    let full: String
    let title: String
    let short: String

    init(_ name: String) {
        let clean = TextFit.cleaned(name)
        let named = clean.isEmpty ? Messages.Display.unnamedTeam : clean
        full = TextFit.truncated(named, maxCharacters: 40, maxUTF8: 160)
        title = TextFit.truncated(named, maxCharacters: 20, maxUTF8: 80)
        short = TextFit.truncated(named, maxCharacters: 12, maxUTF8: 48)
    }

    static func league(_ name: String) -> String {
        TextFit.truncated(name, maxCharacters: 40, maxUTF8: 160)
    }

    static func leagueShort(_ name: String) -> String {
        TextFit.truncated(name, maxCharacters: 24, maxUTF8: 96)
    }
}
