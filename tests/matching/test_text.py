import pytest

from geoverify.matching.text import formula_equivalent, normalize_text, text_matches


@pytest.mark.parametrize("a, b", [
    ("$f(C)$", "f(C)"), ("\\(f(C)\\)", "f(C)"), ("$|z^3|$", "|z³|"), ("$z \\le 3$", "z ≤ 3"),
    ("$\\mathrm{Im}\\, z$", "Im z"), ("\\ensuremath{12{,}345.68}", "12,345.68"), ("$\\left| z \\right|$", "|z|"), ("𝑓(𝐶)", "f(C)"), ("A_1", "A₁"),
])
def test_equal_after_normalisation(a, b):
    assert text_matches(a, b)


@pytest.mark.parametrize("a, b", [("f(C)", "g(C)"), ("|z|=2", "|z|=3"), ("A", "a")])
def test_different_texts_stay_different(a, b):
    assert not text_matches(a, b)


def test_formulas():
    assert formula_equivalent("$2(x+1)$", "2*x+2") is True
    assert formula_equivalent("$x^2 - 1 = 0$", "(x-1)*(x+1) = 0") is True
    assert formula_equivalent("$x^2 + 1$", "x**2 - 1") is False
    assert normalize_text("  $ A $ ") == "A"


@pytest.mark.parametrize("a, b", [
    ("$f(z) = z + \\frac{1}{z}$", "f(z)=z+1/z"), ("$\\tfrac12 - i\\pi$", "1/2 - iπ"), ("$\\dfrac{z+1}{2}$", "(z+1)/2"),
    ("$\\frac{1}{\\frac{1}{x}+1}$", "1/(1/x+1)"), ("$\\frac{1}{\\sqrt{2}}$", "$1/\\sqrt{2}$"), ("½", "1/2"),
])
def test_fractions_read_inline(a, b):
    assert text_matches(a, b)


def test_an_incomplete_fraction_is_left_as_written():
    assert normalize_text("$\\frac{1}$") == "\\frac1"


@pytest.mark.parametrize("label, wanted, verdict", [
    ("$\\kappa(P)\\approx 0.327$", "\\kappa(P)=0.327", "pass"),   # a rounded value stated as approximate
    ("$R \\approx 3.06$", "R=3.06", "pass"),
    ("$x \\approx 2$", "x=2", "fail"),                            # an exact value is not approximate
])
def test_a_rounded_value_may_be_shown_as_approximate(label, wanted, verdict):
    import numpy as np

    from geoverify.scene import Scene
    from geoverify.testing import point_label, run_checks

    scene = Scene()
    point_label(scene, label, np.array([0.0, 0.0]), (0, 0))
    v = run_checks(scene, [{"id": "t", "type": "text", "text": wanted}], {"c": {"op": "text_present", "text": "t"}})
    assert v["c"].verdict == verdict


@pytest.mark.parametrize("a, b", [("f′(1) = 1", "$f'(1)=1$"), ("$f^{\\prime}(1)=1$", "f'(1)=1"),
                                  ("g ◦ f = k ◦ h", "$g\\circ f=k\\circ h$")])
def test_primes_and_the_ring_operator_as_fonts_write_them(a, b):
    # matplotlib writes U+2032 for a prime; dvisvgm's cmsy maps \circ to U+25E6
    assert text_matches(a, b)


@pytest.mark.parametrize("label, verdict", [("$f'(1)=1$", "pass"), ("$f'(1) = 1.5$", "fail"), ("$f'(1)=10$", "fail"),
                                            ("slope $f'(1)=1$, so", "pass")])
def test_a_text_shown_inside_a_label_keeps_its_numbers_whole(label, verdict):
    import numpy as np

    from geoverify.scene import Scene
    from geoverify.testing import point_label, run_checks

    scene = Scene()
    point_label(scene, label, np.array([0.0, 0.0]), (0, 0))
    v = run_checks(scene, [{"id": "t", "type": "text", "text": "f'(1)=1"}], {"c": {"op": "text_present", "text": "t"}})
    assert v["c"].verdict == verdict


def test_proper_inclusion_and_superset_symbols_read_alike_in_tex_and_unicode():
    assert normalize_text(r"$A \subsetneq B$") == normalize_text("A ⊊ B") == "A⊊B"
    assert normalize_text(r"$A \supseteq B$") == normalize_text("A ⊇ B") != normalize_text(r"$A \subseteq B$")
    assert normalize_text(r"$A \subset B$") != normalize_text(r"$A \subsetneq B$")
