// swift-tools-version:6.0
// libFuzzer targets for nakedblog (`make fuzz`). Built only by `make fuzz`, with
// -sanitize=fuzzer,address and lld; the main package never builds them.
import PackageDescription

let driver: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "nakedblog-fuzz",
    dependencies: [.package(name: "nakedblog", path: "..")],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "FuzzFrontMatter",
            dependencies: ["FuzzSupport", .product(name: "NakedblogCore", package: "nakedblog")],
            swiftSettings: driver),
        .executableTarget(
            name: "FuzzPreview", dependencies: ["FuzzSupport", .product(name: "NakedblogCore", package: "nakedblog")],
            swiftSettings: driver),
        .executableTarget(
            name: "FuzzKeys", dependencies: ["FuzzSupport", .product(name: "NakedblogCore", package: "nakedblog")],
            swiftSettings: driver),
    ],
    swiftLanguageModes: [.v6]
)
