@_exported import Harness
