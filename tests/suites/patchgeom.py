"""Geometry in plain Python for checking the patch cases' hand-derived
expectations: the depth and normal of two polytopes by every candidate
normal (face normals, edge crosses), their supporting faces clipped for the
patch.  Independent of mink."""
import math, itertools

def add(a,b): return [x+y for x,y in zip(a,b)]
def sub(a,b): return [x-y for x,y in zip(a,b)]
def mul(s,a): return [s*x for x in a]
def dot(a,b): return sum(x*y for x,y in zip(a,b))
def cross(a,b): return [a[1]*b[2]-a[2]*b[1], a[2]*b[0]-a[0]*b[2], a[0]*b[1]-a[1]*b[0]]
def norm(a): return math.sqrt(dot(a,a))
def unit(a): n=norm(a); return [x/n for x in a]

def quat_mat(q):
    w,x,y,z = q
    return [[1-2*(y*y+z*z), 2*(x*y-w*z), 2*(x*z+w*y)],
            [2*(x*y+w*z), 1-2*(x*x+z*z), 2*(y*z-w*x)],
            [2*(x*z-w*y), 2*(y*z+w*x), 1-2*(x*x+y*y)]]
def axis_angle_quat(axis, ang):
    a = unit(axis); s = math.sin(ang/2)
    return [math.cos(ang/2), a[0]*s, a[1]*s, a[2]*s]
def quat_mul(p,q):
    w1,x1,y1,z1=p; w2,x2,y2,z2=q
    return [w1*w2-x1*x2-y1*y2-z1*z2, w1*x2+x1*w2+y1*z2-z1*y2,
            w1*y2-x1*z2+y1*w2+z1*x2, w1*z2+x1*y2-y1*x2+z1*w2]
def matvec(R,v): return [dot(R[i],v) for i in range(3)]
def matmul(A,B): return [[sum(A[i][k]*B[k][j] for k in range(3)) for j in range(3)] for i in range(3)]
def transpose(R): return [[R[j][i] for j in range(3)] for i in range(3)]

def box_verts(he, R=None, p=(0,0,0)):
    R = R or [[1,0,0],[0,1,0],[0,0,1]]
    return [add(matvec(R,[sx*he[0],sy*he[1],sz*he[2]]), list(p))
            for sx in (-1,1) for sy in (-1,1) for sz in (-1,1)]
def xf(points, R=None, p=(0,0,0)):
    R = R or [[1,0,0],[0,1,0],[0,0,1]]
    return [add(matvec(R,v), list(p)) for v in points]

def overlap(VA, VB, n):
    """Support overlap of A and B along n (A->B): max_A n.a - min_B n.b."""
    return max(dot(n,a) for a in VA) - min(dot(n,b) for b in VB)

def candidate_dirs(VA, VB):
    def diffs(V):
        return [sub(V[j],V[i]) for i in range(len(V)) for j in range(i+1,len(V))]
    dA, dB = diffs(VA), diffs(VB)
    out = []
    for D in (dA, dB):
        for u,v in itertools.combinations(D,2):
            c = cross(u,v)
            if norm(c) > 1e-12: out.append(unit(c))
    for u in dA:
        for v in dB:
            c = cross(u,v)
            if norm(c) > 1e-12: out.append(unit(c))
    return out

def polytope_depth(VA, VB):
    """Brute-force SAT over a superset of the candidate axes: returns the
    minimum overlap (positive = penetrating) and the sorted list of the best
    few (overlap, direction) with the direction oriented A->B."""
    best = []
    for n in candidate_dirs(VA, VB):
        for s in (1,-1):
            m = mul(s,n)
            best.append((overlap(VA,VB,m), m))
    best.sort(key=lambda t:t[0])
    return best[0][0], best

# ---- brute-force contact patch for polytopes (flat features only) ----
def basis(n):
    a = [1,0,0] if abs(n[0]) < 0.6 else [0,1,0]
    u = unit(cross(n,a)); v = cross(n,u)
    return u, v

def hull2d(P, eps=1e-12):
    P = sorted(set((round(p[0],13), round(p[1],13)) for p in P))
    if len(P) <= 1: return [list(p) for p in P]
    def cr(o,a,b): return (a[0]-o[0])*(b[1]-o[1])-(a[1]-o[1])*(b[0]-o[0])
    lo=[];
    for p in P:
        while len(lo)>=2 and cr(lo[-2],lo[-1],p) <= eps: lo.pop()
        lo.append(p)
    up=[]
    for p in reversed(P):
        while len(up)>=2 and cr(up[-2],up[-1],p) <= eps: up.pop()
        up.append(p)
    H = lo[:-1]+up[:-1]
    return [list(p) for p in H]

def clip_poly(S, C, eps=1e-12):
    """Sutherland-Hodgman of polygon/segment/point S by convex CCW polygon C."""
    out = S
    for i in range(len(C)):
        a, b = C[i], C[(i+1)%len(C)]
        def side(p): return (b[0]-a[0])*(p[1]-a[1])-(b[1]-a[1])*(p[0]-a[0])
        inp = out; out = []
        if not inp: break
        m = len(inp)
        if m == 1:
            if side(inp[0]) >= -eps: out = inp
            continue
        rng = range(m) if m > 2 else range(1)
        for j in rng:
            p, q = inp[j], inp[(j+1)%m]
            sp, sq = side(p), side(q)
            if sp >= -eps: out.append(p)
            if (sp > eps and sq < -eps) or (sp < -eps and sq > eps):
                t = sp/(sp-sq); out.append([p[0]+t*(q[0]-p[0]), p[1]+t*(q[1]-p[1])])
            if m == 2 and sq >= -eps: out.append(q)
        # dedupe
        ded=[]
        for p in out:
            if not any(abs(p[0]-r[0])<1e-12 and abs(p[1]-r[1])<1e-12 for r in ded): ded.append(p)
        out = ded
    return out

def patch(VA, VB, n, tol=1e-9):
    """Contact region of two polytopes along unit normal n (A->B): features
    within tol of the support planes, intersected on the contact plane, lifted
    onto both support planes. Returns [(pa, pb, d)]."""
    hA = max(dot(n,a) for a in VA); hB = min(dot(n,b) for b in VB)
    FA = [a for a in VA if dot(n,a) >= hA - tol]
    FB = [b for b in VB if dot(n,b) <= hB + tol]
    u, v = basis(n)
    PA = hull2d([[dot(u,a),dot(v,a)] for a in FA])
    PB = hull2d([[dot(u,b),dot(v,b)] for b in FB])
    if len(PA) >= 3: R = clip_poly(PB, PA)
    elif len(PB) >= 3: R = clip_poly(PA, PB)
    elif len(PA) == 1 or len(PB) == 1:
        R = PA if len(PA) == 1 else PB
    else:
        # two segments: assume collinear overlap or crossing
        (p,q),(r,s) = PA, PB
        d = sub(q,p); den = d[0]*(s[1]-r[1]) - d[1]*(s[0]-r[0])
        if abs(den) > 1e-12:
            t = ((r[0]-p[0])*(s[1]-r[1]) - (r[1]-p[1])*(s[0]-r[0]))/den
            R = [[p[0]+t*d[0], p[1]+t*d[1]]]
        else:
            L = dot(d,d); ts = sorted([0,1]); 
            tr = dot(sub(r,p),d)/L; ts_ = dot(sub(s,p),d)/L
            lo, hi = max(0,min(tr,ts_)), min(1,max(tr,ts_))
            R = [[p[0]+lo*d[0],p[1]+lo*d[1]],[p[0]+hi*d[0],p[1]+hi*d[1]]]
    out = []
    for q in R:
        base = add(mul(q[0],u), mul(q[1],v))
        out.append((add(base,mul(hA,n)), add(base,mul(hB,n)), hB-hA))
    return out
