import RialVerifier
extension HTMLPage {
    mutating func depth(_ thumbnails: [DepthThumbnail]) {
        append("<section><h2>Depth keyframes</h2><div class=\"thumbs\">")
        for thumbnail in thumbnails {
            let valid = thumbnail.cells.compactMap { $0 }
            let near = valid.min() ?? 0
            let far = valid.max() ?? 0
            var svg = "<svg viewBox=\"0 0 \(thumbnail.columns) \(thumbnail.rows)\" preserveAspectRatio=\"none\" role=\"img\" aria-label=\"depth heat map\">"
            for (index, cell) in thumbnail.cells.enumerated() {
                let fill = cell.map { Self.heat(far > near ? Double(($0 - near) / (far - near)) : 0) } ?? "#bdbdbd"
                svg += "<rect x=\"\(index % thumbnail.columns)\" y=\"\(index / thumbnail.columns)\" width=\"1.02\" height=\"1.02\" fill=\"\(fill)\"/>"
            }
            svg += "</svg>"
            append("<figure>\(svg)<figcaption>frame \(thumbnail.frameNumber) · \(Self.metres(near))–\(Self.metres(far)) m</figcaption></figure>")
        }
        append(
            "</div><p class=\"note\">Heat maps of the LiDAR depth (yellow near, purple far, grey no reading), averaged to at most \(DepthThumbnail.maxCells) cells across. They illustrate; the proof is the checks.</p></section>\n"
        )
    }

    /// A viridis-like ramp, yellow (0, near) to purple (1, far).
    static func heat(_ t: Double) -> String {
        let stops: [(Double, Double, Double)] = [(253, 231, 37), (94, 201, 98), (33, 145, 140), (59, 82, 139), (68, 1, 84)]
        let position = min(max(t.isFinite ? t : 0, 0), 1) * Double(stops.count - 1)
        let low = min(Int(position), stops.count - 2)
        let f = position - Double(low)
        let (a, b) = (stops[low], stops[low + 1])
        func mix(_ x: Double, _ y: Double) -> Int { Int((x + (y - x) * f).rounded()) }
        return "rgb(\(mix(a.0, b.0)),\(mix(a.1, b.1)),\(mix(a.2, b.2)))"
    }

    static func metres(_ value: Float) -> String {
        value.isFinite ? String(Double((value * 100).rounded()) / 100) : "?"
    }
}
