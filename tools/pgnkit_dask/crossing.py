"""The options whose state crosses shards: check --max-errors, select --skip/--limit."""

from .command_line import option_value, without_option


class Entry:
    """One shard in output order: its plan, the options its run was given, its future."""

    def __init__(self, shard, games_before, input_index, last_in_input):
        self.shard, self.games_before = shard, games_before
        self.input_index, self.last_in_input = input_index, last_in_input
        self.extra, self.future = [], None


class MaxErrors:
    """check --max-errors across shards. One machine stops replaying once the errors counted
    (with --strict, errors and warnings) reach N, reads the rest of that input without
    replaying, and opens no later input. A shard run with fewer errors before it than there
    really were (it ran before the shards ahead of it were done) is exact only if it stays
    under the limit with the true count; otherwise it runs again with --base-errors."""

    def __init__(self):
        self.counted = 0          # errors before the next shard in output order
        self.limit = 0            # N, from the shards' summaries (pgnkit.toml may set it)
        self.stop_input = None    # the input in which the limit was reached

    def extra(self, entry):
        return ["--base-errors", str(self.counted)] if self.limit and self.counted else []

    def exact(self, entry, rc, summary):
        self.limit = summary.get("max_errors", 0)
        ran_with = int(entry.extra[1]) if entry.extra else 0
        return self.limit == 0 or ran_with == self.counted or \
            self.counted + summary.get("counted", 0) < self.limit

    def rerun_extra(self, entry):
        return self.extra(entry)

    def took(self, first_extra, first, summary, entry):
        self.counted += summary.get("counted", 0)
        if self.limit and self.counted >= self.limit and self.stop_input is None:
            self.stop_input = entry.input_index

    def skips(self, input_index):
        return self.stop_input is not None and input_index > self.stop_input

    def finished(self, entry):
        return self.stop_input is not None and entry.last_in_input

    def stopped(self):
        return self.stop_input is not None


class SkipLimit:
    """select --skip S --limit L across shards. One machine leaves out the first S selected
    games, writes the next L, and then stops reading. Each shard needs the selected games
    before it: a shard runs first with no skip and a limit (S + L, or what is left of L once
    the skip is used up), which counts its selected games; when its true share of the skip
    and the limit differ from that run's, it runs again with them. Shards after the limit
    are not run (their diagnostics would not be printed by one machine either)."""

    def __init__(self, options):
        self.skip = int(option_value(options, ("--skip",)) or 0)
        self.limit = int(option_value(options, ("--limit",)) or 0)
        self.before = 0     # selected games before the next shard (skipped or written)
        self.written = 0    # games written before it
        self.done = False
        # The shards run with their own --skip and --limit.
        self.options = without_option(without_option(options, "--skip"), "--limit")

    def _share(self):
        """The next shard's --skip and --limit (0: none) given the shards before it."""
        skip = max(0, self.skip - self.before)
        return skip, (self.limit - self.written if self.limit else 0)

    def extra(self, entry):
        if self.before < self.skip:  # to count the shard's games: no skip, a cap
            cap = self.skip + self.limit if self.limit else 0
            return ["--limit", str(cap)] if cap else []
        left = self.limit - self.written
        return ["--limit", str(left)] if self.limit else []

    @staticmethod
    def _ran(entry):
        skip = int(option_value(entry.extra, ("--skip",)) or 0)
        return skip, int(option_value(entry.extra, ("--limit",)) or 0)

    def exact(self, entry, rc, summary):
        skip, limit = self._share()
        ran_skip, ran_limit = self._ran(entry)
        if (ran_skip, ran_limit) == (skip, limit):
            return True
        written = summary.get("selected", 0)
        unbound = lambda cap: cap == 0 or written < cap  # noqa: E731
        return ran_skip == skip == 0 and unbound(ran_limit) and unbound(limit)

    def rerun_extra(self, entry):
        skip, limit = self._share()
        return ["--skip", str(skip)] * (skip > 0) + ["--limit", str(limit)] * (limit > 0)

    def took(self, first_extra, first, summary, entry):
        self.written += summary.get("selected", 0)
        # The first run had no skip and at most a cap: under the cap it selected (and so
        # counted) all of the shard's selected games. At the cap, the limit is reached here.
        cap = int(option_value(first_extra, ("--limit",)) or 0)
        if cap == 0 or first.get("selected", 0) < cap:
            self.before += first.get("selected", 0)
        else:
            self.done = True
        if self.limit and self.written >= self.limit:
            self.done = True

    def skips(self, input_index):
        return self.done

    def finished(self, entry):
        return self.done


def cross_shard_state(command, plan, options):
    """The state that crosses shards for this command line, or None."""
    if command == "check":
        return MaxErrors()  # idle unless the shards' summaries name a --max-errors
    if command == "select" and (option_value(options, ("--skip",)) or
                                option_value(options, ("--limit",))):
        state = SkipLimit(options)
        plan.options = state.options
        return state
    return None
