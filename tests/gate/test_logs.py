"""Log excerpts: the first TeX error with its line number in the user's text."""

from geoverify.gate.logs import asy_error_excerpt, tex_error_excerpt, tex_unsafe_attempt

LOG = """This is pdfTeX
(./figure.tex
! Undefined control sequence.
<recently read> \\foo

l.7 \\foo
         bar
! Emergency stop.
"""


def test_first_tex_error_with_mapped_line():
    out = tex_error_excerpt(LOG, lambda n: n - 3)
    assert out.startswith("line 4: ! Undefined control sequence.")
    assert "l.7 \\foo" in out and "Emergency" not in out


def test_line_inside_the_wrapper_is_named_so():
    assert tex_error_excerpt(LOG, lambda n: None).startswith("line 7 of the wrapper")


def test_no_error_gives_the_tail_clipped():
    out = tex_error_excerpt("a\n" + "x" * 5000 + "\n")
    assert out.splitlines()[-1].endswith("[...]") and len(out) < 400


def test_unsafe_attempts_but_not_dev_null():
    assert tex_unsafe_attempt("pdflatex: Not reading from /dev/null (openin_any = p).") is None
    assert tex_unsafe_attempt("pdflatex: Not reading from /etc/passwd (openin_any = p).")
    assert tex_unsafe_attempt("pdflatex: Not writing to /tmp/x.tex (openout_any = p).")
    assert tex_unsafe_attempt("runsystem(touch x)...disabled.")


def test_asy_error_prefers_the_users_file():
    text = ("/usr/share/asymptote/plain_Label.asy: 321.15: runtime: boom\n"
            "figure.asy: 4.1: no matching variable 'foo'\n")
    assert asy_error_excerpt(text) == "line 4, column 1: no matching variable 'foo'"
