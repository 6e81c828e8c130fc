import Foundation

/// One line of the chart: a method's cost at each table size (`nil` where it was not measured).
struct Series {
  var name: String
  var color: String
  var values: [Double?]
}

/// Draws cost per link against table size, both axes logarithmic, as a self-contained SVG.
func chartSVG(sizes: [Int], series: [Series], title: String) -> String {
  let width = 760.0
  let height = 440.0
  let left = 70.0
  let right = 190.0
  let top = 40.0
  let bottom = 50.0
  let plotWidth = width - left - right
  let plotHeight = height - top - bottom
  let values = series.flatMap { $0.values.compactMap { $0 } }.filter { $0 > 0 }
  let low = floor(log10(values.min() ?? 1))
  let high = max(low + 1, ceil(log10(values.max() ?? 10)))
  let xLow = log10(Double(sizes.first ?? 10))
  let xHigh = max(xLow + 1, log10(Double(sizes.last ?? 100)))
  func x(_ size: Int) -> Double { left + (log10(Double(size)) - xLow) / (xHigh - xLow) * plotWidth }
  func y(_ value: Double) -> Double { top + (high - log10(value)) / (high - low) * plotHeight }
  func number(_ value: Double) -> String { String(format: "%.1f", value) }
  func label(_ exponent: Int) -> String {
    let value = pow(10.0, Double(exponent))
    if value >= 1e6 { return String(format: "%.0f ms", value / 1e6) }
    if value >= 1e3 { return String(format: "%.0f µs", value / 1e3) }
    return String(format: "%.0f ns", value)
  }

  var svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
    viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
    <rect width="100%" height="100%" fill="white"/>
    <text x="\(number(left))" y="22" font-size="14" font-weight="bold">\(title)</text>

    """
  for exponent in Int(low)...Int(high) {
    let position = y(pow(10.0, Double(exponent)))
    svg += """
      <line x1="\(number(left))" y1="\(number(position))" x2="\(number(left + plotWidth))" \
      y2="\(number(position))" stroke="#ddd"/>
      <text x="\(number(left - 6))" y="\(number(position + 4))" text-anchor="end">\(label(exponent))</text>

      """
  }
  for size in sizes {
    let position = x(size)
    svg += """
      <line x1="\(number(position))" y1="\(number(top))" x2="\(number(position))" \
      y2="\(number(top + plotHeight))" stroke="#eee"/>
      <text x="\(number(position))" y="\(number(top + plotHeight + 18))" text-anchor="middle">\(size)</text>

      """
  }
  svg += """
    <rect x="\(number(left))" y="\(number(top))" width="\(number(plotWidth))" height="\(number(plotHeight))" \
    fill="none" stroke="#888"/>
    <text x="\(number(left + plotWidth / 2))" y="\(number(height - 12))" text-anchor="middle">\
    routes in the table (log scale)</text>
    <text x="16" y="\(number(top + plotHeight / 2))" text-anchor="middle" \
    transform="rotate(-90 16 \(number(top + plotHeight / 2)))">time per link (log scale)</text>

    """
  for (row, line) in series.enumerated() {
    let points = zip(sizes, line.values).compactMap { size, value in
      value.map { "\(number(x(size))),\(number(y($0)))" }
    }
    if points.count > 1 {
      svg += """
        <polyline fill="none" stroke="\(line.color)" stroke-width="2" points="\(points.joined(separator: " "))"/>

        """
    }
    for point in points {
      let parts = point.split(separator: ",")
      svg += "<circle cx=\"\(parts[0])\" cy=\"\(parts[1])\" r=\"3\" fill=\"\(line.color)\"/>\n"
    }
    let legendY = top + 10 + Double(row) * 20
    svg += """
      <line x1="\(number(left + plotWidth + 16))" y1="\(number(legendY))" x2="\(number(left + plotWidth + 40))" \
      y2="\(number(legendY))" stroke="\(line.color)" stroke-width="2"/>
      <text x="\(number(left + plotWidth + 46))" y="\(number(legendY + 4))">\(line.name)</text>

      """
  }
  svg += "</svg>\n"
  return svg
}
