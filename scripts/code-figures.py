#!/usr/bin/env python3
"""Figures of the code's shape (issue #21): feature folders, cross-feature imports (non-test relative imports
from features/A into features/B, B != A), folder cycles (two-way pairs and strongly connected components of the
feature import graph) and the largest non-test source file, for server/src and web/src."""
import os,re,sys,collections
def analyse(root):
    res={}
    for side in ['server/src','web/src']:
        base=os.path.join(root,side)
        feats=sorted(d for d in os.listdir(os.path.join(base,'features')) if os.path.isdir(os.path.join(base,'features',d)))
        edges=collections.Counter(); largest=(0,'')
        for dp,dn,fn in os.walk(base):
            for f in fn:
                if not re.search(r'\.(ts|tsx)$',f): continue
                fp=os.path.join(dp,f); rel=os.path.relpath(fp,base)
                text=open(fp).read()
                n=text.count('\n')
                if n>largest[0] and '.test.' not in f: largest=(n,rel)
                m=re.match(r'features/([^/]+)/',rel)
                if not m or '.test.' in f: continue
                own=m.group(1)
                for spec in re.findall(r"""(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]""",text):
                    t=os.path.normpath(os.path.join(os.path.dirname(rel),spec))
                    mm=re.match(r'features/([^/]+)',t)
                    if mm and mm.group(1)!=own: edges[(own,mm.group(1))]+=1
        # cycles: pairs and SCCs
        g=collections.defaultdict(set)
        for (a,b) in edges: g[a].add(b)
        pairs=sorted({tuple(sorted((a,b))) for (a,b) in edges if (b,a) in edges})
        # SCC (Tarjan)
        index={}; low={}; st=[]; on=set(); sccs=[]; i=[0]
        def strong(v):
            index[v]=low[v]=i[0]; i[0]+=1; st.append(v); on.add(v)
            for w in g[v]:
                if w not in index: strong(w); low[v]=min(low[v],low[w])
                elif w in on: low[v]=min(low[v],index[w])
            if low[v]==index[v]:
                comp=[]
                while True:
                    w=st.pop(); on.discard(w); comp.append(w)
                    if w==v: break
                if len(comp)>1: sccs.append(sorted(comp))
        sys.setrecursionlimit(10000)
        for v in list(g):
            if v not in index: strong(v)
        res[side]=dict(features=len(feats), cross=sum(edges.values()), cycles2=pairs, sccs=sccs, largest=largest)
    return res
# Usage (from the repository root): python3 scripts/code-figures.py [ROOT ...]
# Each ROOT holds server/src and web/src (default: the working tree). To compare with an earlier commit:
#   mkdir -p /tmp/tree-before && git archive fc37440 server/src web/src | tar -x -C /tmp/tree-before
#   python3 scripts/code-figures.py /tmp/tree-before .
roots = sys.argv[1:] or ['.']
for label,root in [(r, r) for r in roots]:
    r=analyse(root)
    for side,v in r.items():
        print(label, side, 'features',v['features'],'cross-feature imports',v['cross'],'2-cycles',len(v['cycles2']),v['cycles2'][:12],'SCCs',v['sccs'],'largest',v['largest'])
