#!/usr/bin/env python3
"""Writes experiments/elm-grid.md from the SUMMARY lines of experiments/results/elm/*.jsonl (elm-grid.sh),
beside the paper's Table 3 rows (mean (std), %), with the gap per metric (ours − paper)."""
import glob, os, re, sys

PAPER = {  # Table 3: Psn, Rcal, F1, MacroF1, MicroF1, Hl, Rl as (mean, std)
 ('bibtex', 'osml-elm'): [(34.92,.34),(20.21,.22),(25.60,.26),(7.05,.20),(26.89,.27),(1.31,.00),(11.73,.23)],
 ('bibtex', 'elm-omll'): [(44.34,.44),(43.30,.27),(43.81,.32),(28.23,.45),(43.15,.32),(1.59,.01),(11.79,.24)],
 ('birds', 'osml-elm'): [(64.22,1.33),(59.20,1.15),(61.61,1.17),(23.69,2.09),(38.96,2.00),(4.46,.12),(9.53,.61)],
 ('birds', 'elm-omll'): [(64.24,.92),(64.66,.84),(64.45,.84),(33.51,1.40),(44.05,.91),(5.81,.13),(10.16,.41)],
 ('scene', 'osml-elm'): [(61.27,.93),(61.57,.94),(61.42,.93),(68.65,.79),(68.13,.76),(10.20,.22),(9.96,.34)],
 ('scene', 'elm-omll'): [(64.79,.87),(71.94,.93),(68.18,.85),(69.65,.72),(68.57,.71),(11.72,.28),(10.69,.41)],
 ('emotions', 'osml-elm'): [(66.00,1.70),(60.64,1.39),(63.20,1.41),(64.29,1.27),(65.66,1.14),(20.91,.64),(17.57,.90)],
 ('emotions', 'elm-omll'): [(67.31,1.03),(72.85,1.00),(69.97,.95),(69.48,.78),(70.12,.76),(20.57,.48),(16.38,.42)],
 ('yeast', 'osml-elm'): [(69.20,.48),(57.74,.53),(62.95,.47),(35.39,.47),(62.85,.48),(20.44,.23),(18.34,.16)],
 ('yeast', 'elm-omll'): [(68.58,.36),(62.37,.38),(65.33,.32),(39.86,.36),(65.10,.27),(20.01,.14),(17.76,.14)],
}
NAMES = ['Psn', 'Rcal', 'F1', 'MacroF1', 'MicroF1', 'Hl', 'Rl']
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'results', 'elm')
rows = []
for d in ['emotions', 'scene', 'yeast', 'birds', 'bibtex']:
    for l in ['osml-elm', 'elm-omll']:
        f = os.path.join(root, f'{d}_{l}.jsonl')
        if not os.path.exists(f):
            continue
        line = [x for x in open(f) if x.startswith('SUMMARY')]
        if not line:
            continue
        s = line[-1]
        setting = re.search(r'hidden=(\d+)', s).group(1)
        c = re.search(r' c=([0-9.E-]+)', s)
        vals = [(float(m), float(sd)) for m, sd in re.findall(r'([0-9.]+) \(([0-9.]+)\)', s.split('|')[1])]
        secs = re.search(r'median train ([0-9.]+) s', s).group(1)
        rows.append((d, l, setting, c.group(1) if c else None, vals, PAPER[(d, l)], secs))

out = ['| data | learner | H, C (3-fold CV) | ' + ' | '.join(NAMES) + ' |', '|' + '---|' * (3 + len(NAMES))]
gaps = ['| data | learner | ' + ' | '.join(NAMES) + ' |', '|' + '---|' * (2 + len(NAMES))]
for d, l, h, c, vals, paper, secs in rows:
    cc = ''
    if c:
        e = __import__('math').log2(float(c))
        cc = f', C = 2^{e:.0f}'
    out.append(f'| {d} | {l} | H = {h}{cc} | ' + ' | '.join(f'{m:.2f} ({sd:.2f})' for m, sd in vals) + ' |')
    out.append(f'| | paper | | ' + ' | '.join(f'{m:.2f} ({sd:.2f})' for m, sd in paper) + ' |')
    cells = []
    for (m, sd), (pm, psd) in zip(vals, paper):
        g = m - pm
        mark = '' if abs(g) <= max(psd, sd, 0.01) else ('*' if abs(g) > 3 else '')
        cells.append(f'{g:+.2f}{mark}')
    gaps.append(f'| {d} | {l} | ' + ' | '.join(cells) + ' |')
text = '\n'.join(out) + '\n\nGap per metric, ours − paper, in points (* more than 3 points):\n\n' + '\n'.join(gaps) + '\n'
if len(sys.argv) > 1:
    print(text)
else:
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'elm-grid.md'), 'w') as fh:
        fh.write('# ELM baselines against the paper\'s Table 3\n\nWritten by `experiments/elm-report.py` from the runs of '
                 '`experiments/elm-grid.sh` (logs in `experiments/results/elm/`). Metrics in %, mean (std) over 5 runs '
                 '(seeds 1..5: permutation and hidden layer); Hl and Rl lower is better.\n\n' + text)
    print(text)
