"""Results of the commands: the fields of their JSON, shown as the command line's text."""

import copy
import html


class Result:
    """What a nimlab command returns: the fields of its ``--json`` object.

    Each field is an attribute (``result.expression``) and an item
    (``result["expression"]``); ``to_dict()`` gives them all. In a notebook
    or at the prompt the result shows as the command line prints it.
    ``exit_status`` is the command line's exit status: 1 when what was
    checked is false (a characterization disagrees, a claim is refuted), 3
    when it is undecided; ``verdict`` then says why, else it is None.
    """

    def __init__(self, command, data, text=None, exit_status=0, verdict=None):
        self.__dict__["_command"] = command
        self.__dict__["_data"] = data
        self.__dict__["_text"] = text
        self.__dict__["exit_status"] = exit_status
        self.__dict__["verdict"] = verdict

    @property
    def command(self):
        """The command line that made the result, without "nimlab"."""
        return list(self._command)

    def __getattr__(self, name):
        data = self.__dict__.get("_data")
        if data is not None and not name.startswith("__") and name in data:
            return data[name]
        if data is None or name.startswith("_"):
            raise AttributeError(name)
        raise AttributeError("%s has no field %r (its fields: %s)" % (
            type(self).__name__, name, ", ".join(sorted(data))))

    def __setattr__(self, name, value):
        raise AttributeError("a result is read-only")

    def __getitem__(self, key):
        return self._data[key]

    def __contains__(self, key):
        return key in self._data

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._data))

    def keys(self):
        """The names of the result's fields, as in the command's JSON."""
        return self._data.keys()

    def get(self, key, default=None):
        """A field, or default when the result has none of that name."""
        return self._data.get(key, default)

    def to_dict(self):
        """The command's JSON object, as a new dict."""
        return copy.deepcopy(self._data)

    def __eq__(self, other):
        return isinstance(other, Result) and self._data == other._data

    __hash__ = None

    def __repr__(self):
        if self._text:
            return self._text.rstrip("\n")
        return "%s(%r)" % (type(self).__name__, self._data)

    def _repr_pretty_(self, p, cycle):
        p.text(repr(self))

    def _verdict(self):
        """A short verdict for the HTML view, and its colour: None when the result has none."""
        data = self._data
        if isinstance(data.get("result"), str) and data["result"] in ("proved", "refuted", "unknown"):
            return data["result"], {"proved": "#1b7a3a", "refuted": "#a32020", "unknown": "#8a6d00"}[data["result"]]
        if isinstance(data.get("agrees"), bool):
            return ("agrees on the box", "#1b7a3a") if data["agrees"] else ("disagrees on the box", "#a32020")
        if isinstance(data.get("exact"), bool):
            if data["exact"]:
                return "exact on the box", "#1b7a3a"
            if data.get("learned_exact") and data.get("verified_max", 0) > data.get("max", 0):
                return "exact on the learning box, not beyond", "#8a6d00"
            return "not exact", "#8a6d00"
        return None

    def _repr_html_(self):
        """Jupyter's view: the verdict as a badge, then the text the command line prints."""
        head = "<b>%s</b>" % html.escape(type(self).__name__)
        verdict = self._verdict()
        if verdict:
            head += ' <span style="background:%s;color:#fff;border-radius:3px;padding:1px 6px">%s</span>' % (
                verdict[1], html.escape(verdict[0]))
        body = html.escape(repr(self))
        return '<div class="nimlab-result">%s<pre style="white-space:pre;overflow-x:auto;margin-top:4px">%s</pre></div>' % (head, body)


class Outcome(Result):
    """The outcome of one position (``nimlab outcome``): P or N, Grundy value, remoteness, winning moves, the theorem.

    ``winning_moves`` lists every winning move when ``all_winning_moves``,
    else only the theorem's (piles too large to solve below).
    """

    @property
    def is_p(self):
        """Whether the position is a P-position (the previous player wins)."""
        return self.outcome == "P"


class Check(Result):
    """A characterization compared with the table (``nimlab check``); ``agrees`` says whether it holds on the box."""


class Discovery(Result):
    """A characterization proposed and verified (``nimlab discover``); ``expr`` is it, as a check expression.

    ``exact`` says whether it is exact on the verification box (every pile
    0..``verified_max``), ``learned_exact`` whether it is on the box it was
    learned on (0..``max``): learned_exact without exact is a description
    that holds where it was learned and fails beyond.
    """

    @property
    def certificate(self):
        """What became of the proof's Coq certificate (``discover(prove=True, certificate=DIR)``), as
        ``Proof.certificate``; None when none was written."""
        return self._data.get("certificate")


class Proof(Result):
    """The answer of ``nimlab prove``: ``result`` is "proved", "refuted" or "unknown"."""

    @property
    def certificate(self):
        """What became of the proof's Coq certificate (``prove(certificate=DIR)``): a dict with its ``status``
        ("certified", "not_certifiable" with the ``reason``, "unchecked" without coqc, "unfinished" when coqc ran
        out of time or memory, "stopped"), ``path`` and coqc's ``seconds``; None when none was asked for
        or the claim was not proved."""
        return self._data.get("certificate")

    @property
    def proved(self):
        """Whether the characterization is proved for every position (in the proof's scope)."""
        return self.result == "proved"
