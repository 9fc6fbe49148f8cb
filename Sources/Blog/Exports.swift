// Blog presents its front-matter types as its own: callers import Blog alone.
@_exported import FrontMatter
