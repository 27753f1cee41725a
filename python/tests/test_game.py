"""Every function of the package against the command line's JSON on the same input."""

import csv
import json
import io
import shutil

import pandas as pd
import pytest

import nimlab

POSITIONS = [
    ("cn:6,3", (1, 2, 3, 4, 5, 6)),
    ("cn:6,3", (1000000000000000, 3, 5, 8, 13, 21)),  # by theorem: no Grundy value, no table
    ("nim:3/misere", (1, 1, 1)),
    ("slow:3,2", (3, 3, 3)),
    ("cn:4,2", (0, 0, 0, 0)),
]


@pytest.mark.parametrize("spec,position", POSITIONS)
def test_position(cli, mode, strip_times, spec, position):
    g = nimlab.Game(spec)
    text = ",".join(map(str, position))
    want = cli.json("outcome", spec, text)
    assert strip_times(g.explain(position).to_dict()) == want
    assert g.outcome(position) == want["outcome"]
    assert g.is_p(position) == (want["outcome"] == "P")
    assert g.grundy(position) == want.get("grundy")
    assert g.remoteness(position) == want.get("remoteness")
    assert g.winning_moves(position) == [tuple(m) for m in want["winning_moves"]]
    assert repr(g.explain(position)) == cli.run("outcome", spec, text).stdout.rstrip("\n")
    if max(position) < 100:
        options = cli.json("outcome", spec, text, "--options")["options"]
        assert g.options(position) == [tuple(o) for o in options]


def test_game_describes_itself(cli):
    g = nimlab.Game("cn:6,3")
    info = cli.json("complex", "cn:6,3")
    assert (g.spec, g.title, g.piles, g.symmetries) == ("cn:6,3", info["title"], info["vertices"], 12)
    assert g.facets == [tuple(f) for f in info["facets"]]
    assert g.circuits == [tuple(c) for c in info["circuits"]]
    assert [t.name for t in g.theorems] == [t["name"] for t in cli.json("theorems", "cn:6,3")["theorems"]]
    assert "Circular Nim CN(6,3)" in repr(g)
    assert nimlab.Game(g) == g and len({g, nimlab.Game("cn:6,3")}) == 1


@pytest.mark.parametrize("spec,max,grundy,remoteness", [
    ("cn:5,2", 3, True, True),
    ("slow:3,2", 4, False, True),  # a sorted table: every order of the piles written
    ("nim:2", 5, True, False),
    ("cn:4,2/misere", 3, False, False),
])
def test_solve(cli, tmp_path, spec, max, grundy, remoteness):
    frame = nimlab.Game(spec).solve(max=max, grundy=grundy, remoteness=remoteness)
    export = tmp_path / "t.csv"
    flags = (["--grundy"] if grundy else []) + (["--remoteness"] if remoteness else [])
    summary = cli.json("solve", spec, "--max", max, *flags, "--export", export)
    with open(export) as f:
        rows = list(csv.reader(f))
    assert list(frame.columns) == rows[0]
    assert len(frame) == len(rows) - 1 == summary["positions"]
    assert [list(map(str, r)) for r in frame.itertuples(index=False)] == rows[1:]
    piles = [c for c in frame.columns if c.startswith("p")]
    assert all(frame[c].dtype == "int64" for c in piles)
    assert isinstance(frame["outcome"].dtype, pd.CategoricalDtype)
    for value in ("grundy", "remoteness"):
        if value in frame:
            assert frame[value].dtype == "int32"
    summary.pop("export")
    attrs = frame.attrs["nimlab"]
    assert {k: v for k, v in attrs.items() if "seconds" not in k and "per_second" not in k} == summary
    assert (frame["outcome"] == "P").sum() == summary["p_positions"]


def test_solve_refuses_a_table_too_large_for_a_dataframe():
    with pytest.raises(nimlab.TooLargeError):
        nimlab.Game("cn:6,3").solve(max=20)
    summary = nimlab.Game("cn:6,3").summary(max=20)
    assert summary.positions == 21 ** 6


@pytest.mark.parametrize("classes", [False, True])
def test_p_positions(cli, mode, classes):
    frame = nimlab.Game("cn:5,2").p_positions(max=4, classes=classes)
    listed = cli.json("list", "cn:5,2", "--max", 4, *(["--classes"] if classes else []))
    rows = listed["p_positions"]
    assert [list(r) for r in frame.itertuples(index=False)] == rows
    assert list(frame.columns) == ["p1", "p2", "p3", "p4", "p5"]
    assert all(frame[c].dtype == "int64" for c in frame.columns)


def test_saved_table_is_read_back(tmp_path):
    g = nimlab.Game("cn:5,2")
    out = tmp_path / "cn52.tbl"
    g.summary(max=5, out=out)
    assert g.p_positions(table=out).equals(g.p_positions(max=5))


def test_check(cli, mode, strip_times):
    g = nimlab.Game("cn:6,3")
    wrong = g.check("a+b == d+e", max=6)
    assert strip_times(wrong.to_dict()) == cli.json("check", "cn:6,3", "--max", 6, "--expr", "a+b == d+e", check=False)
    assert wrong.agrees is False and wrong.exit_status == 1 and "disagrees" in wrong.verdict
    assert wrong.examples["accepted_not_p"][0] == [0, 0, 1, 0, 0, 0]
    right = g.check(theorem="cn63", max=6)
    assert right.agrees is True and right.exit_status == 0 and right.verdict is None
    assert repr(right) == cli.run("check", "cn:6,3", "--max", 6, "--theorem", "cn63").stdout.rstrip("\n")


def test_check_where(cli, strip_times):
    g = nimlab.Game("cn:7,5")
    expr = "b == c + d && b == e + f && b == g && min(c, f) == 0"
    inside = g.check(expr, max=4, where="a == 0")
    assert strip_times(inside.to_dict()) == cli.json("check", "cn:7,5", "--max", 4, "--expr", expr, "--where", "a == 0")
    assert inside.agrees is True and inside.region["leaving"] == 0 and inside.region["positions"] == 5 ** 6
    everywhere = g.check(expr, max=4)
    assert everywhere.agrees is False and "region" not in everywhere.to_dict()


def test_discover_then_prove(cli, strip_times):
    g = nimlab.Game("cn:6,3")
    found = g.discover(max=4)
    assert strip_times(found.to_dict()) == cli.json("discover", "cn:6,3", "--max", 4)
    assert found.exact
    proof = g.prove(found)
    assert proof.proved and proof.result == "proved"
    want = cli.json("prove", "cn:6,3", "--expr", found.expr)
    assert strip_times(proof.to_dict()) == want
    refuted = g.prove("a + b == d + e")
    assert refuted.result == "refuted" and not refuted.proved and refuted.exit_status == 1


def test_prove_through_a_theorem():
    # CN(6,4) as discover writes it: (II) through Dufour–Heubach 2013,
    # Theorem 3.5 (cn64), which z3 shows is the same set.
    expr = "sym(a <= min(b, c, d, e, f) && a + b == d + e && a + f == c + d && xor(a, c, e) == 0)"
    proof = nimlab.Game("cn:6,4").prove(expr)
    assert proof.proved, proof.to_dict()
    served = [st for st in proof.to_dict()["equivalence"] if "scope" in st]
    assert [st["name"] for st in served] == ["theorem cn64 (Dufour–Heubach 2013, Theorem 3.5)"] and served[0]["same"] == "unsat"


def test_prove_same_as(cli, strip_times):
    g = nimlab.Game("cn:6,2")
    proof = g.prove("b + c == e + f", where="a == 0 && d == 0", learn=False, same_as="[a == 0 && d == 0] e + f == c + b")
    want = cli.json("prove", "cn:6,2", "--expr", "b + c == e + f", "--where", "a == 0 && d == 0", "--no-learn",
                    "--same-as", "[a == 0 && d == 0] e + f == c + b")
    assert strip_times(proof.to_dict()) == strip_times(want)
    assert proof.proved and [st["name"] for st in proof.to_dict()["equivalence"]] == ["--same-as [a == 0 && d == 0]"]
    for bad in ([3], 5):
        with pytest.raises(nimlab.UsageError):
            g.prove("b + c == e + f", where="a == 0 && d == 0", same_as=bad)
    assert g.prove("b + c == e + f", where="a == 0 && d == 0", same_as=None, theorems=False).proved


def test_discover_misere_from_normal_play(cli, strip_times):
    # Misère CN(4,2): the normal-play description where a pile holds 2 or
    # more, the positions of 0s and 1s listed; proved like any other.
    found = nimlab.Game("cn:4,2/misere").discover(max=4, prove=True)
    assert strip_times(found.to_dict()) == strip_times(cli.json("discover", "cn:4,2/misere", "--max", 4, "--prove"))
    assert found.method.startswith("misère from normal play") and found.exact
    assert found.proof["result"] == "proved"


def test_discover_exact_on_the_learning_box_only(cli, strip_times):
    # NIM(4,3)'s band learned on piles 0..3 misses (5,5,5,5): exact where it
    # was learned, not beyond.
    found = nimlab.Game("slow:4,3").discover(max=3)
    assert strip_times(found.to_dict()) == cli.json("discover", "slow:4,3", "--max", 3, check=False)
    assert found.learned_exact and not found.exact and found.exit_status == 1
    assert found.counterexamples[0] == [5, 5, 5, 5]
    assert "exact on piles up to 3, not on piles up to 5" in repr(found)
    assert "exact on the learning box, not beyond" in found._repr_html_()
    assert nimlab.Game("cn:6,3").discover(max=2).learned_exact


def test_prove_certificate(cli, strip_times, tmp_path):
    proof = nimlab.Game("cn:4,2").prove(theorem="cn42", certificate=tmp_path)
    want = "certified" if shutil.which("coqc") else "unchecked"
    assert proof.proved and proof.certificate["status"] == want, proof.certificate
    assert (tmp_path / "Nimlab.v").exists() and proof.certificate["path"].endswith(".v")
    assert strip_times(proof.to_dict()) == cli.json("prove", "cn:4,2", "--theorem", "cn42", "--certificate", tmp_path)
    found = nimlab.Game("cn:4,2").discover(max=4, prove=True, certificate=tmp_path)
    assert found.proof["result"] == "proved" and found.certificate["status"] == want, found.certificate
    bouton = nimlab.Game("nim:3").prove(theorem="nim", certificate=tmp_path)
    assert bouton.certificate["status"] == want, bouton.certificate
    assert bouton.certificate["libraries"] == ["Nimlab.v", "NimSum.v"] and (tmp_path / "NimSum.v").exists()
    assert nimlab.Game("cn:4,2").prove("a == b", certificate=tmp_path).certificate is None  # refuted: none
    moore = nimlab.Game("moore:3,2").prove(theorem="moore", certificate=tmp_path)
    assert moore.certificate["status"] == want and moore.certificate["libraries"] == ["Nimlab.v", "Moore.v"]
    digits = nimlab.Game("cn:6,4").prove(theorem="cn64", certificate=tmp_path)
    assert digits.certificate["status"] == "not_certifiable" and digits.certificate["reason"] == "digits"
    timed = nimlab.Game("cn:4,2").prove(theorem="cn42", certificate=tmp_path, certificate_timeout="5m")
    assert timed.certificate["status"] == want, timed.certificate
    with pytest.raises(nimlab.UsageError, match="certificate_timeout= bounds"):
        nimlab.Game("cn:4,2").prove(theorem="cn42", certificate_timeout=60)


def test_draw_and_plot(cli, tmp_path):
    g = nimlab.Game("cn:8,3")
    fig = g.draw((3, 1, 4, 1, 5, 9, 2, 6), move=(3, 1, 4, 1, 0, 0, 0, 6))
    assert fig._repr_svg_() == cli.run("draw", "cn:8,3", "3,1,4,1,5,9,2,6", "--move", "3,1,4,1,0,0,0,6", "--out", "-").stdout
    assert "<svg" in fig.svg
    for name in ("move.svg", "move.png", "move.tex"):
        path = fig.save(tmp_path / name)
        assert path.stat().st_size > 0
    assert (tmp_path / "move.png").read_bytes().startswith(b"\x89PNG")
    assert b"tikzpicture" in (tmp_path / "move.tex").read_bytes()
    plot = nimlab.Game("cn:6,3").plot(max=10, axes=(1, 2), fix={4: 5, 5: 3})
    cli.run("plot", "cn:6,3", "--max", 10, "--axes", "1,2", "--fix", "4=5,5=3", "--out", tmp_path / "slice.svg")
    assert plot.svg == (tmp_path / "slice.svg").read_text()
    assert nimlab.Game("cn:6,3").draw(complex=True).svg.lstrip().startswith(("<svg", "<?xml"))


def test_plot_into_matplotlib_axes(cli):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    g = nimlab.Game("cn:7,3")
    fig, (left, right) = plt.subplots(1, 2)
    # No fix: the slice with the most P-positions, as the command line cuts it.
    assert g.plot(max=5, ax=left) is left
    data = json.loads(cli.run("plot", "cn:7,3", "--max", 5, "--axes", "1,2", "--data").stdout)
    image = left.get_images()[0].get_array()
    assert image.shape == (data["rows"], data["cols"])
    assert int(image.sum()) == sum(data["p"]) > 1
    assert left.get_xlabel() == "pile a (p1)" and left.get_ylabel() == "pile b (p2)"
    assert [t.get_text() for t in left.get_legend().get_texts()] == ["P-position", "N-position"]
    # Piles named as expressions name them; a value as a heat map with a colour bar.
    g.plot(max=5, axes="a,c", fix={"d": 2}, value="grundy", ax=right)
    assert right.get_ylabel() == "pile c (p3)"
    assert len(fig.axes) == 3  # the colour bar's
    plt.close(fig)


def test_evaluate_and_where(cli):
    g = nimlab.Game("cn:4,2")
    frame = g.solve(max=4)
    accepted = g.evaluate("a == c && b == d", frame)
    assert accepted.dtype == bool and accepted.index.equals(frame.index)
    assert (accepted == (frame["outcome"] == "P")).all()
    letters = frame.rename(columns={"p1": "a", "p2": "b", "p3": "c", "p4": "d"})
    assert g.evaluate("a == c && b == d", letters).equals(accepted)
    region = g.solve(max=4, where="a == 0 && b == 1")
    assert len(region) == 25 and (region["p1"] == 0).all() and (region["p2"] == 1).all()
    listed = g.p_positions(max=4, where="a == 0")
    assert [list(r) for r in listed.itertuples(index=False)] == \
        cli.json("list", "cn:4,2", "--max", 4, "--where", "a == 0")["p_positions"]
    with pytest.raises(nimlab.UsageError, match="p1..p4"):
        g.evaluate("a == 0", frame[["p1", "p2"]])
    with pytest.raises(nimlab.UsageError, match="=="):
        g.evaluate("a = 0", frame)
    with pytest.raises(nimlab.UsageError, match="^where=: "):
        g.solve(max=2, where="a = 0")
    with pytest.raises(nimlab.UsageError, match="integers"):
        g.evaluate("a == 0", frame.astype({"p1": float}))
    with pytest.raises(nimlab.UsageError, match="never negative"):
        g.evaluate("a == 0", frame.assign(p2=frame.p2 - 1))
    nullable = frame.astype({"p1": "Int64"})
    assert g.evaluate("a == c && b == d", nullable).equals(accepted)
    with pytest.raises(nimlab.UsageError, match="Axes"):
        g.plot(max=3, ax="nope")


def test_results_show_as_html():
    g = nimlab.Game("cn:4,2")
    check = g.check("a == c && b == d", max=4)
    shown = check._repr_html_()
    assert "agrees on the box" in shown and "<pre" in shown
    assert "a == c &amp;&amp; b == d" in shown and "a == c && b == d" not in shown  # escaped
    wrong = g.check("a == c", max=4)
    assert "disagrees on the box" in wrong._repr_html_()


def test_module_functions(cli):
    theorems = nimlab.theorems()
    assert list(theorems["name"]) == [t["name"] for t in cli.json("theorems")["theorems"]]
    assert list(nimlab.theorems("cn:6,3")["name"]) == ["cn63"]
    assert nimlab.cite("cn:6,3") == cli.run("cite", "cn:6,3").stdout
    assert nimlab.Game("cn:6,3").cite(format="text") == cli.run("cite", "cn:6,3", "--format", "text").stdout
    games = nimlab.games()
    assert "cn" in set(games["name"]) and len(games) == len(cli.json("games"))
    atlas = nimlab.atlas("nim:2;cn:4,2", max=3)
    want = cli.json("atlas", "nim:2;cn:4,2", "--max", 3)
    assert list(atlas["game"]) == [r["game"] for r in want["rows"]]
    assert list(atlas["expr"]) == [r["expr"] for r in want["rows"]]
    assert nimlab.version().to_dict() == cli.json("version")


def test_results_copy_and_pickle():
    import copy
    import pickle
    g = nimlab.Game("cn:6,3")
    o = g.explain((1, 2, 3, 4, 5, 6))
    for twin in (copy.copy(o), copy.deepcopy(o), pickle.loads(pickle.dumps(o))):
        assert twin == o and repr(twin) == repr(o) and twin.grundy == 21
    assert pickle.loads(pickle.dumps(g)) == g
    with pytest.raises(AttributeError):
        o.no_such_field


def test_results_given_out_are_copies():
    g = nimlab.Game("cn:6,3")
    g.explain((1, 2, 3, 4, 5, 6)).winning_moves.append([9, 9, 9, 9, 9, 9])
    assert (9, 9, 9, 9, 9, 9) not in g.winning_moves((1, 2, 3, 4, 5, 6))


def test_winning_moves_say_when_they_are_all(cli):
    g = nimlab.Game("cn:6,3")
    small, huge = (1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 2 ** 63 - 1)
    assert g.explain(small).all_winning_moves and len(g.winning_moves(small)) == 4
    by_theorem = g.explain(huge)
    assert not by_theorem.all_winning_moves and by_theorem.get("grundy") is None
    assert g.winning_moves(huge) == [tuple(m) for m in cli.json("outcome", "cn:6,3", "1,2,3,4,5,%d" % (2 ** 63 - 1))["winning_moves"]]
