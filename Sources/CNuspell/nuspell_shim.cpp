// Nuspell behind a C interface (benchmark only).
#include "nb_nuspell.h"
#include <nuspell/dictionary.hxx>
#include <exception>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

struct nb_nuspell {
    nuspell::Dictionary dictionary;
};

extern "C" nb_nuspell *nb_nuspell_load(const char *base) {
    auto *result = new nb_nuspell();
    try {
        result->dictionary.load_aff_dic(std::string(base) + ".aff");
        return result;
    } catch (const std::exception &) {
        delete result;
        return nullptr;
    }
}

extern "C" int nb_nuspell_spell(nb_nuspell *dictionary, const char *word, size_t length) {
    return dictionary->dictionary.spell(std::string_view(word, length)) ? 1 : 0;
}

extern "C" int nb_nuspell_suggest(nb_nuspell *dictionary, const char *word, size_t length, int limit, char *out, size_t size) {
    std::vector<std::string> suggestions;
    try {
        dictionary->dictionary.suggest(std::string_view(word, length), suggestions);
    } catch (const std::exception &) {
        return 0;
    }
    int written = 0;
    size_t used = 0;
    for (const auto &suggestion : suggestions) {
        if (written >= limit || used + suggestion.size() + 1 > size) break;
        std::memcpy(out + used, suggestion.c_str(), suggestion.size() + 1);
        used += suggestion.size() + 1;
        written += 1;
    }
    return written;
}

extern "C" void nb_nuspell_free(nb_nuspell *dictionary) { delete dictionary; }
