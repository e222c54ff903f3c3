#include "critical/exact/rup_check.hpp"

#include "core/binary_data.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <cstdint>
#include <cstdlib>
#include <vector>

namespace futolab::critical {
namespace {

// Clauses with two watched literals; the assignment made at the top level (units and their
// propagation) persists, a RUP test assigns on top of it and undoes.
class Propagator {
public:
    explicit Propagator(int vars) { grow(vars); }

    // Adds a clause; false if the clauses are now refuted at the top level.
    bool add(std::vector<int> clause) {
        if (refuted_) return false;
        for (int lit : clause) grow(std::abs(lit));
        // Non-false literals first, so the watches are the best two.
        std::stable_partition(clause.begin(), clause.end(), [&](int lit) { return value(lit) >= 0; });
        if (clause.empty() || value(clause[0]) < 0) return !(refuted_ = true);
        if (clause.size() == 1 || value(clause[1]) < 0) {
            if (value(clause[0]) == 0) {
                assign(clause[0]);
                if (!propagate()) return !(refuted_ = true);
            }
            if (clause.size() == 1) return true;
        }
        watches_[index(clause[0])].push_back(clauses_.size());
        watches_[index(clause[1])].push_back(clauses_.size());
        clauses_.push_back(std::move(clause));
        return true;
    }

    // True if asserting the negation of `clause` propagates to a conflict.
    bool rup(const std::vector<int>& clause) {
        if (refuted_) return true;
        for (int lit : clause) grow(std::abs(lit));
        const std::size_t mark = trail_.size();
        bool conflict = false;
        for (int lit : clause) {
            if (value(lit) > 0) {
                conflict = true;
                break;
            }
            if (value(lit) == 0) assign(-lit);
        }
        if (!conflict) conflict = !propagate();
        while (trail_.size() > mark) {
            value_[std::abs(trail_.back())] = 0;
            trail_.pop_back();
        }
        head_ = mark;
        return conflict;
    }

    bool refuted() const { return refuted_; }

private:
    static std::size_t index(int lit) { return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0 ? 1 : 0); }
    int value(int lit) const { return lit > 0 ? value_[lit] : -value_[-lit]; }
    void assign(int lit) {
        value_[std::abs(lit)] = static_cast<std::int8_t>(lit > 0 ? 1 : -1);
        trail_.push_back(lit);
    }
    void grow(int var) {
        if (var < static_cast<int>(value_.size())) return;
        value_.resize(var + 1, 0);
        watches_.resize(2 * (static_cast<std::size_t>(var) + 1));
    }

    // Unit propagation from the trail head; false on a conflict.
    bool propagate() {
        while (head_ < trail_.size()) {
            const int falsified = -trail_[head_++];
            std::vector<std::size_t>& list = watches_[index(falsified)];
            std::size_t keep = 0;
            bool conflict = false;
            for (std::size_t w = 0; w < list.size(); ++w) {
                const std::size_t id = list[w];
                if (conflict) {
                    list[keep++] = id;
                    continue;
                }
                std::vector<int>& c = clauses_[id];
                if (c[0] == falsified) std::swap(c[0], c[1]);  // the falsified watch is c[1]
                if (value(c[0]) > 0) {
                    list[keep++] = id;
                    continue;
                }
                bool moved = false;
                for (std::size_t k = 2; k < c.size(); ++k)
                    if (value(c[k]) >= 0) {
                        std::swap(c[1], c[k]);
                        watches_[index(c[1])].push_back(id);
                        moved = true;
                        break;
                    }
                if (moved) continue;
                list[keep++] = id;
                if (value(c[0]) < 0) conflict = true;
                else assign(c[0]);
            }
            list.resize(keep);
            if (conflict) return false;
        }
        return true;
    }

    std::vector<std::int8_t> value_;
    std::vector<int> trail_;
    std::size_t head_ = 0;
    std::vector<std::vector<int>> clauses_;
    std::vector<std::vector<std::size_t>> watches_;
    bool refuted_ = false;
};

// A literal as DIMACS writes it, and futolab's proofs are written (CaDiCaL): "0", or an optional
// '-' and digits without a leading 0. from_chars also reads "-0" (as the terminator 0), "00"
// and "-059": an edited proof would pass as the one written (red-team round 25, B F6). `token`
// is what from_chars read (an empty one is its failure, refused before this).
bool dimacs_form(std::string_view token) {
    const std::string_view digits = token.substr(!token.empty() && token[0] == '-' ? 1 : 0);
    return token == "0" || (!digits.empty() && digits[0] != '0');
}

// A proof line's problem before its literals are read, "" if none. A proof line is read exactly
// as CaDiCaL and futolab write it ("0\n", "-59 0\n", "d 8 1 4 7 10 0\n"), so that the checked
// file is the one written: DIMACS readers also take blank and comment lines and any run of
// spaces or tabs, but an edited certificate then passed as the file futolab wrote while a tab was
// refused (red-team round 27, C F5). Refused here: a binary byte anywhere (a JSON string may hold
// "\u0000", which the certificate's own text check cannot see); a blank line; a comment line;
// a deletion mark 'd' not followed by one space ("d8 …" and "d-8 0" were read as deletions, so two
// byte strings checked as one proof: red-team round 26, B F6); a space before the first token,
// after the last or doubled, or any other white space.
std::string line_form_problem(std::string_view line, std::size_t line_no) {
    const std::string at = "proof line " + std::to_string(line_no) + ": ";
    if (const auto b = find_binary_byte(line)) return at + binary_data(b->byte, "a proof line");
    if (line.empty()) return at + "a blank line (every proof line is a clause)";
    if (line[0] == 'c') return at + "a comment line (every proof line is a clause: CaDiCaL writes no comments)";
    if (line[0] == 'd' && (line.size() == 1 || line[1] != ' '))
        return at + "not a clause (a deletion is 'd', a space, then its literals)";
    if (line.front() == ' ' || line.back() == ' ' || line.find("  ") != std::string_view::npos ||
        line.find_first_of("\t\r\v\f") != std::string_view::npos)
        return at + "not a clause (one space between tokens, none before the first or after the 0)";
    return "";
}

// Reads every line of `proof` for its form: each must be a clause ("l1 l2 ... 0", or "d l1 ... 0"
// to delete) over variables 1..vars, of the formula a message calls `formula`, ended by a
// newline (the last too: a file cut short is not the one written). Calls on_clause(line_no,
// deletion, lits) for each clause; stops at the first line that is no clause and returns its
// problem, "" if every line is one.
template <class OnClause>
std::string read_clauses(std::string_view proof, int vars, std::string_view formula, OnClause&& on_clause) {
    std::size_t line_no = 0;
    std::size_t pos = 0;
    while (pos < proof.size()) {
        std::size_t end = proof.find('\n', pos);
        const bool ended = end != std::string_view::npos;
        if (!ended) end = proof.size();
        const std::string_view line = proof.substr(pos, end - pos);
        pos = end + 1;
        ++line_no;
        if (std::string problem = line_form_problem(line, line_no); !problem.empty()) return problem;
        const bool deletion = line[0] == 'd';
        std::size_t i = deletion ? 2 : 0;  // the tokens, one space apart (line_form_problem)
        std::vector<int> lits;
        bool closed = false;
        while (i < line.size()) {
            int lit = 0;
            const auto [next, ec] = std::from_chars(line.data() + i, line.data() + line.size(), lit);
            const std::size_t stop = static_cast<std::size_t>(next - line.data());
            if (ec != std::errc() || closed || !dimacs_form(line.substr(i, stop - i)) || (stop < line.size() && line[stop] != ' '))
                return "proof line " + std::to_string(line_no) +
                       (ec == std::errc::result_out_of_range ? ": a literal is too large" : ": not a clause");
            // A lemma over a variable the formula lacks cannot help refute it; refusing it
            // also keeps a literal such as 2147483647 from sizing the watch lists (issue #45).
            if (lit == std::numeric_limits<int>::min() || std::abs(lit) > vars)
                return "proof line " + std::to_string(line_no) + ": literal " + std::to_string(lit) + " is too large (" +
                       std::string(formula) + " has " + std::to_string(vars) + " variables)";
            i = stop < line.size() ? stop + 1 : stop;  // past its one space
            if (lit == 0) closed = true;
            else lits.push_back(lit);
        }
        if (!closed) return "proof line " + std::to_string(line_no) + ": clause not closed by 0";
        if (!ended) return "proof line " + std::to_string(line_no) + ": not ended by a newline (every proof line is)";
        on_clause(line_no, deletion, std::move(lits));
    }
    return "";
}

}  // namespace

ProofCheck check_drup(const Cnf& cnf, std::string_view proof) {
    ProofCheck check;
    Propagator p(cnf.vars);
    for (const auto& clause : cnf.clauses) p.add(clause);
    // Every line is read, also after the clauses are refuted (unit propagation alone may refute
    // them before the first line): a malformed proof is refused, not accepted unread.
    const std::string problem = read_clauses(proof, cnf.vars, "the formula", [&](std::size_t line_no, bool deletion, std::vector<int> lits) {
        if (deletion) return;  // sound to ignore (see the header)
        if (p.refuted() || !check.why.empty()) return;  // refuted, or a lemma failed: the line is only read
        ++check.lemmas;
        if (!p.rup(lits)) {
            // Rejected, but read on: a malformed line after it makes the proof malformed (exit 2),
            // whichever line comes first, not rejected (exit 1) for its claim.
            check.why = "proof line " + std::to_string(line_no) + ": lemma is not implied by unit propagation";
            return;
        }
        p.add(std::move(lits));
    });
    if (!problem.empty()) {
        check.malformed = true;
        check.why = problem;
        return check;
    }
    if (!check.why.empty()) return check;
    check.ok = p.refuted() || p.rup({});
    if (!check.ok) check.why = "the proof does not derive the empty clause";
    return check;
}

ProofCheck check_drup_form(int vars, std::string_view proof, std::string_view formula) {
    ProofCheck check;
    check.why = read_clauses(proof, vars, formula, [](std::size_t, bool, std::vector<int>) {});
    check.malformed = !check.why.empty();
    check.ok = !check.malformed;
    return check;
}

}  // namespace futolab::critical
