"""The olympiad benchmark's cheap code metrics, for its Table 1 beside the fidelity score.

- Keyword-match F1: the set of key Asymptote functions the candidate calls,
  against the reference's (:data:`ASY_KEYWORDS`; a call is a name followed by
  ``(``). Both empty counts as a match (100).
- BLEU and chrF++ (sacrebleu's ``sentence_bleu`` and ``sentence_chrf`` with
  ``word_order=2``) and ROUGE-L F-measure (rouge-score), 0-100. These need the
  ``textmetrics`` extra (``pip install 'geoverify[textmetrics]'``); without it
  they are left out and :func:`available` says why.
"""

from __future__ import annotations

import re

__all__ = ["ASY_KEYWORDS", "asy_calls", "keyword_f1", "text_metrics", "available"]

#: Key Asymptote drawing and construction functions (plain, graph, olympiad, cse5, geometry modules).
ASY_KEYWORDS = frozenset("""
draw fill filldraw unfill clip label dot dots size unitsize defaultpen pen linewidth fontsize
circle arc ellipse box roundbox path pair shift rotate scale reflect xscale yscale slant
dir expi degrees aSin aCos aTan sqrt cos sin tan Cos Sin Tan abs intersectionpoint intersectionpoints
intersectionpoints extension midpoint foot circumcenter circumcircle circumradius incenter incircle inradius
orthocenter centroid bisectorpoint rightanglemark anglemark markangle pathticks tick ticks arrow Arrow
EndArrow BeginArrow Arrows MidArrow beginarrow endarrow MarkFill StickIntervalMarker TrueMargin
xaxis yaxis axes graph Label Ticks LeftTicks RightTicks grid add picture shade
interp relpoint point length reverse subpath cycle dashed dotted dashdotted
D CR CP IP OP MP MA CC WP
""".split())

_CALL = re.compile(r"\b([A-Za-z_]\w*)\s*\(")


def asy_calls(code: str) -> set[str]:
    """Key Asymptote functions called in ``code`` (comments and strings removed)."""
    code = re.sub(r"//[^\n]*|/\*.*?\*/", " ", code, flags=re.S)
    code = re.sub(r'"(?:\\.|[^"\\])*"', '""', code)
    return {m for m in _CALL.findall(code) if m in ASY_KEYWORDS}


def keyword_f1(reference: str, candidate: str) -> float:
    """Keyword-match F1 (0-100) of the key functions called."""
    r, c = asy_calls(reference), asy_calls(candidate)
    if not r and not c:
        return 100.0
    if not r or not c:
        return 0.0
    hit = len(r & c)
    if hit == 0:
        return 0.0
    p, q = hit / len(c), hit / len(r)
    return 100.0 * 2 * p * q / (p + q)


def available() -> tuple[bool, str]:
    """Whether BLEU/chrF++/ROUGE-L can be computed, and why not."""
    try:
        import rouge_score  # noqa: F401  (only whether it imports)
        import sacrebleu  # noqa: F401
    except ImportError as exc:
        return False, f"{exc.name} is not installed: pip install 'geoverify[textmetrics]'"
    return True, ""


def text_metrics(reference: str, candidate: str) -> dict:
    """Keyword F1 and, with the ``textmetrics`` extra, BLEU, chrF++ and ROUGE-L (all 0-100)."""
    out = {"keyword_f1": keyword_f1(reference, candidate)}
    ok, _ = available()
    if not ok:
        return out
    import sacrebleu
    from rouge_score import rouge_scorer

    out["bleu"] = float(sacrebleu.sentence_bleu(candidate, [reference]).score)
    out["chrf++"] = float(sacrebleu.sentence_chrf(candidate, [reference], word_order=2).score)
    scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=False)
    out["rouge_l"] = 100.0 * float(scorer.score(reference, candidate)["rougeL"].fmeasure)
    return out
