"""The Asymptote source scan: comments and strings cannot hide or fake a refused name."""

import pytest

from geoverify.errors import UnsafeInputError
from geoverify.gate.asy_guard import check_asy, scan_asy

REFUSED = [
    'settings.texcommand="sh";',
    'settings . outformat = "pdf";',
    "access settings;",
    'file f = input("/etc/passwd");',
    'file f = output("x.txt");',
    'system("ls");',
    'eval("draw(unitcircle);");',
    'include "/etc/passwd";',
    'import "/etc/passwd" as p;',
    "import\n  // comment between\n  '/tmp/x' as p;",
    'delete("figure.asy");',
    'label("\\input{/etc/passwd}");',
    "label('\\\\openin');",
    '/* unterminated comment hides nothing after a string */ "a" + "b"; settings.x=1;',
]

ALLOWED = [
    "import olympiad; import cse5; size(100); draw(unitcircle);",
    '// settings.texcommand="sh"\ndraw((0,0)--(1,1));',
    '/* system("ls"); input */ dot((0,0));',
    'label("settings, input, system and eval are only words here");',
    'label("$\\\\inputlength$");',  # not \input: a longer control sequence name
    "pair inputs = (1,2); real settingsx = 3; dot(inputs);",
    'string s = "a\\"settings"; label(s);',
    "shipout(bbox(2mm, white));",
]


@pytest.mark.parametrize("src", REFUSED)
def test_refused(src):
    assert scan_asy(src), src
    with pytest.raises(UnsafeInputError) as info:
        check_asy(src)
    assert info.value.code == "TECH_UNSAFE" and info.value.location.line is not None


@pytest.mark.parametrize("src", ALLOWED)
def test_allowed(src):
    assert scan_asy(src) == []


def test_location_points_at_the_name():
    findings = scan_asy('draw((0,0)--(1,1));\n  "x"; settings.x = 1;')
    assert (findings[0].line, findings[0].column) == (2, 8)
