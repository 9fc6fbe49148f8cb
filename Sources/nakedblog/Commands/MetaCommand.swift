import ArgumentParser
import Blog
import Foundation
import Workflows

/// `nakedblog meta`: read or change one post's front matter in place.
struct MetaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meta",
        abstract: "Show or change a post's front matter, editing only the field you name.",
        discussion: """
            meta FILE              print every field
            meta FILE KEY          print one value (list items one per line)
            meta FILE KEY VALUE    set it, typed like the existing value (or with
                                   --string, --bool, --date or --list; lists are
                                   comma-separated)
            meta FILE --unset KEY  remove it
            Every other byte of the file stays as it was.
            """)

    @Argument(help: "The post's content file.")
    var file: String

    @Argument(help: "The field to show or set.")
    var key: String?

    @Argument(help: "The new value.")
    var value: String?

    @Option(help: "Remove this field.")
    var unset: String?

    @Flag(help: "Print JSON.")
    var json = false

    @Flag(help: "Set the value as a string.") var string = false
    @Flag(help: "Set the value as a boolean (true/false).") var bool = false
    @Flag(help: "Set the value as a date (e.g. 2024-05-01 or 2024-05-01T10:00:00+02:00).") var date = false
    @Flag(help: "Set the value as a list (comma-separated).") var list = false

    @Flag(help: "Write even where a symbolic link leads outside the post's site (refused otherwise).")
    var outsideSite = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
        if [string, bool, date, list].filter({ $0 }).count > 1 {
            throw ValidationError("Use only one of --string, --bool, --date, --list.")
        }
        if unset != nil && (key != nil || value != nil) {
            throw ValidationError("--unset takes the key itself; give no KEY or VALUE with it.")
        }
    }

    func run() throws {
        do {
            let page = try PageText.read(path: file, display: file)
            var editor = try FrontMatterEditor(page: page, file: file)
            let fields = try editor.fields()
            if let unset {
                guard fields[unset] != nil else {
                    throw UserFacingError("\(file): there is no field `\(unset)` to remove.")
                }
                try editor.remove(unset)
                try save(editor.page)
                return
            }
            guard let key else {
                FieldPrinting.write(json ? nil : FieldPrinting.text(fields), json: .map(fields.fields))
                return
            }
            guard let value else {
                guard let current = fields[key] else { throw UserFacingError("\(file): there is no field `\(key)`.") }
                FieldPrinting.write(json ? nil : FieldPrinting.text(current), json: current)
                return
            }
            let parsed = try FieldValueParser.parse(value, key: key, existing: fields[key], forced: forcedType)
            try editor.set(key, to: parsed)
            try save(editor.page)
        } catch let error as ContentError {
            throw (error.file == key || error.file == unset ? error.naming(file) : error).userFacing
        }
    }

    private var forcedType: FieldValueParser.Kind? {
        if string { return .string }
        if bool { return .bool }
        if date { return .date }
        if list { return .list }
        return nil
    }

    private func save(_ page: PageText) throws {
        let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
        if !outsideSite,
            let site = try? SiteOpening.open((absolute as NSString).deletingLastPathComponent, restricted: false)
        {
            do { try SiteContainment.require(absolute, insideSite: site.root, display: file) } catch {
                throw error.userFacing
            }
        }
        do {
            try AtomicFile.write(page.data(), to: file)
        } catch {
            throw UserFacingError("\(error.description). The file was not changed.")
        }
    }
}
