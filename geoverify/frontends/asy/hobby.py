"""Hobby's algorithm as MetaFont and Asymptote implement it: guide -> path.

The equations are those of *The METAFONTbook* (ch. 14) and John Hobby's
"Smooth, easy to compute interpolating splines" (1986): on every run of open
knots the turning angles ``theta_k`` satisfy mock-curvature continuity

    A_k theta_{k-1} + (B_k + C_k) theta_k + D_k theta_{k+1} = -B_k psi_k - D_k psi_{k+1}

with ``A = a_{k-1}/(b_k^2 d_{k-1})``, ``B = (3 - a_{k-1})/(b_k^2 d_{k-1})``,
``C = (3 - b_{k+1})/(a_k^2 d_k)``, ``D = b_{k+1}/(a_k^2 d_k)`` where ``a``/``b``
are reciprocal tensions; ends take a curl (default 1) or a given direction.
Control points come from MetaFont's velocity function, capped at 4 and, for
``tension atleast``, kept inside the tangent triangle.
"""

from __future__ import annotations

import cmath
import math

import numpy as np

from geoverify.frontends.asy.guides import Guide, Knot, Path

__all__ = ["solve_guide", "velocity"]

_SQ2 = math.sqrt(2.0)
_C = 0.5 * (math.sqrt(5.0) - 1.0)
_D = 0.5 * (3.0 - math.sqrt(5.0))


def velocity(st: float, ct: float, sf: float, cf: float, tension: float) -> float:
    """MetaFont's ``velocity``: control distance as a fraction of the chord."""
    num = 2.0 + _SQ2 * (st - sf / 16.0) * (sf - st / 16.0) * (ct - cf)
    den = 3.0 * (1.0 + _C * ct + _D * cf) * abs(tension)
    if den <= 0 or num >= 4.0 * den:
        return 4.0
    return num / den


def _norm(a: float) -> float:
    while a > math.pi:
        a -= 2 * math.pi
    while a <= -math.pi:
        a += 2 * math.pi
    return a


def _arg(z: complex) -> float:
    return math.atan2(z.imag, z.real)


def _spec(d, curl):
    """A knot side's spec: ``("dir", angle)`` for a given direction, else ``("curl", c)`` for a
    given curl, else None."""
    if d is not None and d != 0:
        return ("dir", _arg(d))
    return ("curl", curl) if curl is not None else None


def solve_guide(g: Guide) -> Path:
    """Solve a guide into a path of cubic segments."""
    knots = g.knots
    n = len(knots)
    if n == 0:
        return Path([], [], [], False, [])
    z = [k.z for k in knots]
    cyclic = g.cyclic
    if n == 1:
        if cyclic and g.joins and g.joins[0].c1 is not None:
            j = g.joins[0]
            return Path(z, [j.c2], [j.c1], True, [False])
        return Path(z, list(z), list(z), cyclic, [False] if cyclic else [])
    nseg = n if cyclic else n - 1
    joins = g.joins[:nseg]
    pre = list(z)
    post = list(z)
    if n == 2 and not cyclic and joins[0].c1 is None:
        # one free segment (a lone "a--b", most guides): its one run, the end specs as below make them
        k0, k1 = knots
        rspec = _spec(k0.out_dir, k0.out_curl) or _spec(k0.in_dir, k0.in_curl) or ("curl", 1.0)
        lspec = _spec(k1.in_dir, k1.in_curl) or _spec(k1.out_dir, k1.out_curl) or ("curl", 1.0)
        _solve_segment(z, joins, 0, rspec, lspec, pre, post, 2)
        return Path(z, pre, post, False, [joins[0].line])
    straight = [j.line for j in joins]
    # Per-knot specs: ("open"), ("dir", angle), ("curl", c), ("explicit", ctrl)
    left = [_spec(k.in_dir, k.in_curl) for k in knots]     # spec on the incoming side
    right = [_spec(k.out_dir, k.out_curl) for k in knots]  # spec on the outgoing side
    # Explicit segments are done (their controls set here); they fix their ends' specs.
    for s in range(nseg):
        j = joins[s]
        if j.c1 is not None:
            e = (s + 1) % n
            right[s] = ("explicit", j.c1)
            left[e] = ("explicit", j.c2)
            post[s] = j.c1
            pre[e] = j.c2
    # A given spec on one side of a knot applies to the other side too (MetaFont).
    for i in range(n):
        lf, rt = left[i], right[i]
        if lf is None:
            if rt is not None:
                if rt[0] == "explicit":
                    c = rt[1]
                    left[i] = ("dir", _arg(c - z[i])) if c != z[i] else ("curl", 1.0)
                else:
                    left[i] = rt
        elif rt is None:
            if lf[0] == "explicit":
                c = lf[1]
                right[i] = ("dir", _arg(z[i] - c)) if c != z[i] else ("curl", 1.0)
            else:
                right[i] = lf
    if not cyclic:
        if right[0] is None:
            right[0] = ("curl", 1.0)
        if left[n - 1] is None:
            left[n - 1] = ("curl", 1.0)
        left[0] = left[0] or ("curl", 1.0)
        right[n - 1] = right[n - 1] or ("curl", 1.0)
    # Collect the free runs between breakpoints.
    breaks = [i for i in range(n) if right[i] is not None or left[i] is not None]
    if not breaks:
        _solve_cycle(z, joins, pre, post)
        return Path(z, pre, post, cyclic, straight)
    # Walk runs starting at each breakpoint whose outgoing segment is free.
    for bi, s in enumerate(breaks):
        if s >= nseg or joins[s].c1 is not None:
            continue
        if bi + 1 < len(breaks):
            e = breaks[bi + 1]
        elif cyclic:
            e = breaks[0] + n
        else:
            continue
        _solve_run(z, joins, s, e, right[s], left[e % n], pre, post, n)
    return Path(z, pre, post, cyclic, straight)


def _seg_params(z, joins, k, n):
    a = z[k % n]
    b = z[(k + 1) % n]
    j = joins[k % n]
    return b - a, j


def _first_row(spec, chord, d, a0, b1, psi1):
    """``(di, up, rhs)`` of a run's first equation: a given direction or a curl at its start
    (``chord``/``d`` its first chord and length, ``a0``/``b1`` that segment's reciprocal tensions)."""
    if spec[0] == "dir":
        return 1.0, 0.0, (_norm(spec[1] - _arg(chord)) if d else 0.0)
    gam = spec[1]
    chi = gam * a0 * a0 / (b1 * b1) if b1 else 0.0
    c0 = a0 * chi + 3.0 - b1
    d0 = (3.0 - a0) * chi + b1
    return c0, d0, -d0 * psi1


def _last_row(spec, chord, d, a, b):
    """``(lo, di, rhs)`` of a run's last equation (the unknown is ``theta_m = -phi_m``), for its
    last chord and that segment's reciprocal tensions."""
    if spec[0] == "dir":
        return 0.0, 1.0, (-(_norm(_arg(chord) - spec[1])) if d else 0.0)
    gam = spec[1]
    chi = gam * b * b / (a * a) if a else 0.0
    return -(chi * (3.0 - b) + a), -(3.0 - a + chi * b), 0.0


def _segment_theta(rspec, lspec, chord, d, a, b):
    """``(theta_0, theta_1)`` of a run of one segment (its chord and length, reciprocal
    tensions ``a``, ``b``): its two equations and the floating-point steps of :func:`_thomas`
    for two unknowns, without the lists."""
    di0, up0, rhs0 = _first_row(rspec, chord, d, a, b, 0.0)
    lo1, di1, rhs1 = _last_row(lspec, chord, d, a, b)
    c0 = up0 / di0 if di0 else 0.0
    d0 = rhs0 / di0 if di0 else 0.0
    den = di1 - lo1 * c0
    if den == 0:
        den = 1e-300
    theta1 = (rhs1 - lo1 * d0) / den
    return d0 - c0 * theta1, theta1


_CURL1 = ("curl", 1.0)


def _line_factors(atleast):
    """The control factors of a plain "--" (curl 1 at both ends, tensions 1): curl rows do not
    read the chord, so every such segment has the same angles and factors."""
    th, theta1 = _segment_theta(_CURL1, _CURL1, 1.0, 1.0, 1.0, 1.0)
    return _control_factors(th, -theta1 - 0.0, 1.0, 1.0, atleast)


def _solve_segment(z, joins, s, rspec, lspec, pre, post, n):
    """:func:`_solve_run` of a run of one segment (``--`` makes nearly all of them)."""
    i0, i1 = s % n, (s + 1) % n
    chord = z[i1] - z[i0]
    d = abs(chord)
    j = joins[i0]
    if rspec == _CURL1 and lspec == _CURL1 and j.t_out == 1.0 and j.t_in == 1.0:
        factors = _LINE_FACTORS[bool(j.atleast)]
    else:
        factors = None
        theta0, theta1 = _segment_theta(rspec, lspec, chord, d, 1.0 / abs(j.t_out), 1.0 / abs(j.t_in))
    if d == 0:
        post[i0] = z[i0]
        pre[i1] = z[i1]
        return
    if factors is None:
        factors = _control_factors(theta0, -theta1 - 0.0, j.t_out, j.t_in, j.atleast)
    _set_controls(z[i0], z[i1], factors, pre, post, i0, i1)


def _solve_run(z, joins, s, e, rspec, lspec, pre, post, n):
    """Solve knots s..e (indices may exceed n for cyclic wrap)."""
    m = e - s
    if m == 1:
        _solve_segment(z, joins, s, rspec, lspec, pre, post, n)
        return
    chords = []
    ds = []
    for k in range(s, e):
        c = z[(k + 1) % n] - z[k % n]
        chords.append(c)
        ds.append(abs(c))
    # psi[k] for k = 1..m-1 (local index): turning angle at interior knot.
    psi = [0.0] * (m + 1)
    for k in range(1, m):
        if ds[k - 1] == 0 or ds[k] == 0:
            psi[k] = 0.0
        else:
            psi[k] = _norm(_arg(chords[k]) - _arg(chords[k - 1]))
    tout = [abs(joins[(s + k) % n].t_out) for k in range(m)]
    tin = [abs(joins[(s + k) % n].t_in) for k in range(m)]
    # Reciprocal tensions: alpha[k] out of local knot k, beta[k+1] into local knot k+1.
    alpha = [1.0 / t for t in tout]
    beta = [1.0 / t for t in tin]  # beta[k] belongs to knot k+1
    N = m + 1
    lo = [0.0] * N
    di = [0.0] * N
    up = [0.0] * N
    rhs = [0.0] * N
    di[0], up[0], rhs[0] = _first_row(rspec, chords[0], ds[0], alpha[0], beta[0], psi[1])
    for k in range(1, m):
        dkm, dk = ds[k - 1], ds[k]
        am1, bk = alpha[k - 1], beta[k - 1]
        ak, bk1 = alpha[k], beta[k]
        if dkm == 0 or dk == 0:
            di[k] = 1.0
            continue
        A = am1 / (bk * bk * dkm)
        B = (3.0 - am1) / (bk * bk * dkm)
        C = (3.0 - bk1) / (ak * ak * dk)
        D = bk1 / (ak * ak * dk)
        lo[k] = A
        di[k] = B + C
        up[k] = D
        rhs[k] = -B * psi[k] - D * psi[k + 1]
    lo[m], di[m], rhs[m] = _last_row(lspec, chords[m - 1], ds[m - 1], alpha[m - 1], beta[m - 1])
    theta = _thomas(lo, di, up, rhs)
    for k in range(m):
        i0 = (s + k) % n
        i1 = (s + k + 1) % n
        d = ds[k]
        if d == 0:
            post[i0] = z[i0]
            pre[i1] = z[i1]
            continue
        th = theta[k]
        ph = -theta[k + 1] - (psi[k + 1] if k + 1 < m else 0.0)
        j = joins[i0]
        _controls(z[i0], z[i1], th, ph, j.t_out, j.t_in, j.atleast, pre, post, i0, i1)


def _control_factors(th, ph, t_out, t_in, atleast):
    """``(rr, out, ss, into)``: the segment's controls are ``z0 + rr ch out`` and ``z1 - ss ch into``
    (``ch`` its chord) for turning angles ``th``, ``ph`` at its ends."""
    st, ct = math.sin(th), math.cos(th)
    sf, cf = math.sin(ph), math.cos(ph)
    rr = velocity(st, ct, sf, cf, t_out)
    ss = velocity(sf, cf, st, ct, t_in)
    if atleast:
        if (st >= 0 and sf >= 0) or (st <= 0 and sf <= 0):
            sine = abs(st) * cf + abs(sf) * ct
            if sine > 0:
                # (MetaFont enlarges sine by 1/4096 here; asy 2.85 does not)
                if abs(sf) < rr * sine:
                    rr = abs(sf) / sine
                if abs(st) < ss * sine:
                    ss = abs(st) / sine
    return rr, complex(ct, st), ss, complex(cf, -sf)


def _controls(z0, z1, th, ph, t_out, t_in, atleast, pre, post, i0, i1):
    """Set ``post[i0]`` and ``pre[i1]`` of the segment ``z0 z1`` turning by ``th``, ``ph`` at its ends."""
    _set_controls(z0, z1, _control_factors(th, ph, t_out, t_in, atleast), pre, post, i0, i1)


def _set_controls(z0, z1, factors, pre, post, i0, i1):
    """``post[i0]`` and ``pre[i1]`` of the segment ``z0 z1`` from its :func:`_control_factors`."""
    rr, out, ss, into = factors
    ch = z1 - z0
    post[i0] = z0 + rr * ch * out
    pre[i1] = z1 - ss * ch * into


def _thomas(lo, di, up, rhs):
    n = len(di)
    c = [0.0] * n
    d = [0.0] * n
    c[0] = up[0] / di[0] if di[0] else 0.0
    d[0] = rhs[0] / di[0] if di[0] else 0.0
    for i in range(1, n):
        den = di[i] - lo[i] * c[i - 1]
        if den == 0:
            den = 1e-300
        c[i] = up[i] / den
        d[i] = (rhs[i] - lo[i] * d[i - 1]) / den
    x = [0.0] * n
    x[-1] = d[-1]
    for i in range(n - 2, -1, -1):
        x[i] = d[i] - c[i] * x[i + 1]
    return x


def _solve_cycle(z, joins, pre, post):
    n = len(z)
    chords = [z[(k + 1) % n] - z[k] for k in range(n)]
    ds = [abs(c) for c in chords]
    psi = [_norm(_arg(chords[k]) - _arg(chords[k - 1])) if ds[k] and ds[k - 1] else 0.0 for k in range(n)]
    M = np.zeros((n, n))
    r = np.zeros(n)
    for k in range(n):
        jm, jk = joins[k - 1], joins[k]
        am1, bk = 1.0 / abs(jm.t_out), 1.0 / abs(jm.t_in)
        ak, bk1 = 1.0 / abs(jk.t_out), 1.0 / abs(jk.t_in)
        dkm, dk = ds[k - 1], ds[k]
        if dkm == 0 or dk == 0:
            M[k, k] = 1.0
            continue
        A = am1 / (bk * bk * dkm)
        B = (3.0 - am1) / (bk * bk * dkm)
        C = (3.0 - bk1) / (ak * ak * dk)
        D = bk1 / (ak * ak * dk)
        M[k, (k - 1) % n] += A
        M[k, k] += B + C
        M[k, (k + 1) % n] += D
        r[k] = -B * psi[k] - D * psi[(k + 1) % n]
    try:
        theta = np.linalg.solve(M, r)
    except np.linalg.LinAlgError:
        theta = np.zeros(n)
    for k in range(n):
        k1 = (k + 1) % n
        if ds[k] == 0:
            post[k] = z[k]
            pre[k1] = z[k1]
            continue
        th = float(theta[k])
        ph = -float(theta[k1]) - psi[k1]
        j = joins[k]
        _controls(z[k], z[k1], th, ph, j.t_out, j.t_in, j.atleast, pre, post, k, k1)


#: :func:`_line_factors` with and without ``atleast`` (computed once the functions exist)
_LINE_FACTORS = {False: _line_factors(False), True: _line_factors(True)}
