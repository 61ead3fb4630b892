extension MarkdownRenderer {
  /// A table in aligned columns, or its source lines when the columns do not fit.
  func tableLines(_ table: Table) -> [StyledText] {
    let columns = table.alignments.count
    func cells(_ row: [String], base: TextStyle) -> [StyledText] {
      (0..<columns).map { index in
        index < row.count ? inline.render(row[index], base: base) : StyledText()
      }
    }
    let header = cells(table.header, base: theme.tableHeader)
    let rows = table.rows.map { cells($0, base: theme.text) }
    var widths = header.map { max(1, $0.displayWidth) }
    for row in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], cell.displayWidth)
      }
    }
    let separatorWidth = DisplayWidth.of(glyphs.columnSeparator) + 2
    let total = widths.reduce(0, +) + separatorWidth * max(0, columns - 1)
    if let width, total > width {
      return table.source.flatMap { line in
        TextWrapper.wrap(inline.render(line, base: theme.text), width: width)
      }
    }
    var lines = [tableRow(header, widths: widths, alignments: table.alignments)]
    let rule = widths.map { String(repeating: glyphs.horizontalLine, count: $0) }
    let crossing = glyphs.horizontalLine + glyphs.cross + glyphs.horizontalLine
    lines.append(StyledText(rule.joined(separator: crossing), style: theme.tableBorder))
    lines += rows.map { tableRow($0, widths: widths, alignments: table.alignments) }
    return lines
  }

  func tableRow(
    _ cells: [StyledText], widths: [Int], alignments: [Table.Alignment]
  )
    -> StyledText
  {
    var line = StyledText()
    for (index, cell) in cells.enumerated() {
      if index > 0 {
        line.append(" ")
        line.append(glyphs.columnSeparator, style: theme.tableBorder)
        line.append(" ")
      }
      let padding = widths[index] - cell.displayWidth
      let isLast = index == cells.count - 1
      switch alignments[index] {
      case .left:
        line.append(cell)
        if !isLast { line.append(String(repeating: " ", count: padding)) }
      case .right:
        line.append(String(repeating: " ", count: padding))
        line.append(cell)
      case .center:
        line.append(String(repeating: " ", count: padding / 2))
        line.append(cell)
        if !isLast { line.append(String(repeating: " ", count: padding - padding / 2)) }
      }
    }
    return Self.trimmingTrailingSpaces(line)
  }
}
