import LocflowCore

/// An animated SVG made a frame at a time (`locflow record -o demo.svg`): each frame's rows are
/// turned into references to the distinct rows as it comes, so memory grows with the picture,
/// not with every frame's cells (a 6,000-step flow held 784 MB of frames at 120x40).
public struct SVGAnimation {
    let theme: Theme
    private var width = 0, height = 0
    private var rowIDs: [String: Int] = [:]
    private var defs = ""
    private var strip = ""
    private var times: [Double] = []

    /// The most frames `record -o demo.svg` draws: a step every two seconds is over an hour.
    public static let maxFrames = 2_000

    public init(theme: Theme) { self.theme = theme }

    /// Frames so far.
    public var count: Int { times.count }

    /// The next frame, shown from `seconds` on (the first frame sets the picture's size).
    public mutating func add(_ frame: Frame, at seconds: Double) {
        if times.isEmpty { width = frame.width; height = frame.height }
        let k = times.count
        let frameHeight = height * SVGPicture.cellHeight
        strip += "<g transform=\"translate(0 \(k * frameHeight))\">"
        for y in 0..<min(height, frame.height) {
            let body = SVGPicture.row(frame, y, theme: theme)
            guard !body.isEmpty else { continue }
            let id: Int
            if let known = rowIDs[body] { id = known } else {
                id = rowIDs.count
                rowIDs[body] = id
                defs += "<g id=\"r\(id)\">" + body + "</g>\n"
            }
            strip += "<use xlink:href=\"#r\(id)\" y=\"\(y * SVGPicture.cellHeight)\"/>"
        }
        strip += "</g>\n"
        times.append(seconds)
    }

    /// The picture: the frames in a loop, the last held for `hold` seconds.
    public func finish(hold: Double = 3, title: String? = nil) -> String {
        guard !times.isEmpty else { return SVGPicture.shot(Frame(width: 80, height: 24), theme: theme, title: title) }
        let frameHeight = height * SVGPicture.cellHeight
        let total = max(0.001, (times.last ?? 0) + hold)
        var keys = ""
        for (k, seconds) in times.enumerated() {
            keys += "\(SVGPicture.percent(seconds / total)){transform:translateY(\(k == 0 ? "0" : "-\(k * frameHeight)px"))}"
        }
        keys += "100%{transform:translateY(-\((times.count - 1) * frameHeight)px)}"
        let css = "@keyframes play{\(keys)}\n.strip{animation:play \(SVGPicture.number(total))s steps(1,end) infinite}"
        var out = SVGPicture.header(width: width, height: height, theme: theme, title: title, extraCSS: css)
        out += "<defs>\n" + defs + "</defs>\n<g class=\"strip\">\n" + strip + "</g>\n</svg>\n"
        return out
    }
}
