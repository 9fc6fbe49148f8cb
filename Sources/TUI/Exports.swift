@_exported import TextWidth
