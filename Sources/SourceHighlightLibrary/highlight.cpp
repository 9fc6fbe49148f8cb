// GNU Source-highlight behind a C interface: a language's rules are built once; each text is
// run through a SourceHighlighter whose formatters report the element of every token.
// Built as its own shared object (libnakedblog-highlight.so), which CSourceHighlight's loader
// opens on first use: Source-highlight, Boost.Regex and ICU stay out of every start-up.
#include "nb_srchilite.h"

/* The library is built with hidden visibility: only these three are exported. */
#define NB_EXPORT __attribute__((visibility("default")))

#include <srchilite/formatter.h>
#include <srchilite/formattermanager.h>
#include <srchilite/formatterparams.h>
#include <srchilite/langdefmanager.h>
#include <srchilite/regexrulefactory.h>
#include <srchilite/sourcehighlighter.h>

#include <boost/shared_ptr.hpp>
#include <cstring>
#include <exception>
#include <map>
#include <mutex>
#include <string>

namespace {

void copyError(char *error, size_t size, const std::string &message) {
    if (error == nullptr || size == 0) return;
    std::strncpy(error, message.c_str(), size - 1);
    error[size - 1] = '\0';
}

/// The class of a Source-highlight element name (the names its .lang files use).
int classOf(const std::string &element) {
    static const std::map<std::string, int> classes = {
        {"keyword", NB_TOKEN_KEYWORD},
        {"type", NB_TOKEN_TYPE}, {"classname", NB_TOKEN_TYPE}, {"usertype", NB_TOKEN_TYPE}, {"key", NB_TOKEN_TYPE},
        {"label", NB_TOKEN_TYPE}, {"variable", NB_TOKEN_TYPE}, {"property", NB_TOKEN_TYPE},
        {"string", NB_TOKEN_STRING}, {"specialchar", NB_TOKEN_STRING}, {"regexp", NB_TOKEN_STRING},
        {"valquote", NB_TOKEN_STRING}, {"keyquote", NB_TOKEN_TYPE},
        {"comment", NB_TOKEN_COMMENT}, {"todo", NB_TOKEN_COMMENT},
        {"number", NB_TOKEN_NUMBER},
        {"function", NB_TOKEN_FUNCTION},
        {"preproc", NB_TOKEN_PREPROCESSOR},
    };
    auto found = classes.find(element);
    return found == classes.end() ? NB_TOKEN_PLAIN : found->second;
}

/// Where the tokens of the line being highlighted go.
struct Sink {
    nb_highlight_token callback = nullptr;
    void *context = nullptr;
    size_t line = 0;
    size_t position = 0;
};

/// Reports a token of one class and moves the position on (every piece of a line passes
/// through some formatter, plain ones included, so positions add up).
class TokenFormatter : public srchilite::Formatter {
public:
    TokenFormatter(Sink *sink, int tokenClass) : sink(sink), tokenClass(tokenClass) {}
    void format(const std::string &text, const srchilite::FormatterParams *) override {
        if (tokenClass != NB_TOKEN_PLAIN && !text.empty()) sink->callback(sink->context, sink->line, sink->position, text.size(), tokenClass);
        sink->position += text.size();
    }
private:
    Sink *sink;
    int tokenClass;
};

}  // namespace

struct nb_highlight_language {
    srchilite::RegexRuleFactory factory;
    srchilite::LangDefManager manager{&factory};
    srchilite::HighlightStatePtr state;
    std::mutex lock;
};

extern "C" NB_EXPORT nb_highlight_language *nb_srchilite_load(const char *folder, const char *file, char *error, size_t error_size) {
    auto *language = new nb_highlight_language();
    try {
        language->state = language->manager.getHighlightState(folder, file);
        return language;
    } catch (const std::exception &exception) {
        copyError(error, error_size, exception.what());
    } catch (...) {
        copyError(error, error_size, "the language definition could not be read");
    }
    delete language;
    return nullptr;
}

extern "C" NB_EXPORT void nb_srchilite_free(nb_highlight_language *language) { delete language; }

extern "C" NB_EXPORT int nb_srchilite_text(nb_highlight_language *language, const char *text, size_t length,
                                 nb_highlight_token callback, void *context, char *error, size_t error_size) {
    std::lock_guard<std::mutex> guard(language->lock);
    Sink sink;
    sink.callback = callback;
    sink.context = context;
    try {
        srchilite::FormatterManager formatters(srchilite::FormatterPtr(new TokenFormatter(&sink, NB_TOKEN_PLAIN)));
        const char *names[] = {"keyword", "type", "classname", "usertype", "key", "label", "variable", "property", "string",
                               "specialchar", "regexp", "valquote", "keyquote", "comment", "todo", "number", "function", "preproc"};
        for (const char *name : names) formatters.addFormatter(name, srchilite::FormatterPtr(new TokenFormatter(&sink, classOf(name))));
        srchilite::SourceHighlighter highlighter(language->state);
        highlighter.setFormatterManager(&formatters);
        highlighter.setOptimize(false);
        srchilite::FormatterParams params;
        highlighter.setFormatterParams(&params);
        size_t start = 0;
        while (start <= length) {
            const char *newline = static_cast<const char *>(std::memchr(text + start, '\n', length - start));
            size_t end = newline ? static_cast<size_t>(newline - text) : length;
            if (!newline && start == length) break;
            sink.position = 0;
            params.start = 0;
            highlighter.highlightParagraph(std::string(text + start, end - start));
            sink.line += 1;
            start = end + 1;
        }
        return 0;
    } catch (const std::exception &exception) {
        copyError(error, error_size, exception.what());
    } catch (...) {
        copyError(error, error_size, "the highlighter failed");
    }
    return -1;
}
