// The decision tables as CERT/CC publishes them (CERTCC/SSVC data/csv), copied as text so the tests
// check NetGuard's typed tables against the published rows, not against themselves.

export const COORDINATOR_CSV = `row,Exploitation v1.1.0,Automatable v2.0.0,Technical Impact v1.0.0,Mission and Well-Being Impact v1.0.0,CISA Levels v1.1.0 (cisa)
0,none,no,partial,low,track
1,none,no,partial,medium,track
2,none,no,partial,high,track
3,none,no,total,low,track
4,none,no,total,medium,track
5,none,no,total,high,track*
6,none,yes,partial,low,track
7,none,yes,partial,medium,track
8,none,yes,partial,high,attend
9,none,yes,total,low,track
10,none,yes,total,medium,track
11,none,yes,total,high,attend
12,public poc,no,partial,low,track
13,public poc,no,partial,medium,track
14,public poc,no,partial,high,track*
15,public poc,no,total,low,track
16,public poc,no,total,medium,track*
17,public poc,no,total,high,attend
18,public poc,yes,partial,low,track
19,public poc,yes,partial,medium,track
20,public poc,yes,partial,high,attend
21,public poc,yes,total,low,track
22,public poc,yes,total,medium,track*
23,public poc,yes,total,high,attend
24,active,no,partial,low,track
25,active,no,partial,medium,track
26,active,no,partial,high,attend
27,active,no,total,low,track
28,active,no,total,medium,attend
29,active,no,total,high,act
30,active,yes,partial,low,attend
31,active,yes,partial,medium,attend
32,active,yes,partial,high,act
33,active,yes,total,low,attend
34,active,yes,total,medium,act
35,active,yes,total,high,act`;

export const DEPLOYER_CSV = `row,Exploitation v1.1.0,System Exposure v1.0.1,Automatable v2.0.0,Human Impact v2.0.2,"Defer, Scheduled, Out-of-Cycle, Immediate v1.0.0"
0,none,small,no,low,defer
1,none,small,no,medium,defer
2,none,small,no,high,scheduled
3,none,small,no,very high,scheduled
4,none,small,yes,low,defer
5,none,small,yes,medium,scheduled
6,none,small,yes,high,scheduled
7,none,small,yes,very high,scheduled
8,none,controlled,no,low,defer
9,none,controlled,no,medium,scheduled
10,none,controlled,no,high,scheduled
11,none,controlled,no,very high,scheduled
12,none,controlled,yes,low,scheduled
13,none,controlled,yes,medium,scheduled
14,none,controlled,yes,high,scheduled
15,none,controlled,yes,very high,scheduled
16,none,open,no,low,defer
17,none,open,no,medium,scheduled
18,none,open,no,high,scheduled
19,none,open,no,very high,scheduled
20,none,open,yes,low,scheduled
21,none,open,yes,medium,scheduled
22,none,open,yes,high,scheduled
23,none,open,yes,very high,out-of-cycle
24,public poc,small,no,low,defer
25,public poc,small,no,medium,scheduled
26,public poc,small,no,high,scheduled
27,public poc,small,no,very high,scheduled
28,public poc,small,yes,low,scheduled
29,public poc,small,yes,medium,scheduled
30,public poc,small,yes,high,scheduled
31,public poc,small,yes,very high,scheduled
32,public poc,controlled,no,low,defer
33,public poc,controlled,no,medium,scheduled
34,public poc,controlled,no,high,scheduled
35,public poc,controlled,no,very high,scheduled
36,public poc,controlled,yes,low,scheduled
37,public poc,controlled,yes,medium,scheduled
38,public poc,controlled,yes,high,scheduled
39,public poc,controlled,yes,very high,out-of-cycle
40,public poc,open,no,low,scheduled
41,public poc,open,no,medium,scheduled
42,public poc,open,no,high,scheduled
43,public poc,open,no,very high,out-of-cycle
44,public poc,open,yes,low,scheduled
45,public poc,open,yes,medium,scheduled
46,public poc,open,yes,high,out-of-cycle
47,public poc,open,yes,very high,out-of-cycle
48,active,small,no,low,scheduled
49,active,small,no,medium,scheduled
50,active,small,no,high,out-of-cycle
51,active,small,no,very high,out-of-cycle
52,active,small,yes,low,scheduled
53,active,small,yes,medium,out-of-cycle
54,active,small,yes,high,out-of-cycle
55,active,small,yes,very high,out-of-cycle
56,active,controlled,no,low,scheduled
57,active,controlled,no,medium,scheduled
58,active,controlled,no,high,out-of-cycle
59,active,controlled,no,very high,out-of-cycle
60,active,controlled,yes,low,out-of-cycle
61,active,controlled,yes,medium,out-of-cycle
62,active,controlled,yes,high,out-of-cycle
63,active,controlled,yes,very high,out-of-cycle
64,active,open,no,low,scheduled
65,active,open,no,medium,out-of-cycle
66,active,open,no,high,out-of-cycle
67,active,open,no,very high,immediate
68,active,open,yes,low,out-of-cycle
69,active,open,yes,medium,out-of-cycle
70,active,open,yes,high,immediate
71,active,open,yes,very high,immediate`;

export const MISSION_WELLBEING_CSV = `Mission Prevalence , Public Well-being Impact , Mission and Well-being Impact
minimal , minimal , low
minimal , material , medium
minimal , irreversible, high
support , minimal , medium
support , material , medium
support , irreversible, high
essential , minimal , high
essential , material , high
essential , irreversible, high`;

export const HUMAN_IMPACT_CSV = `row,Safety Impact v2.0.1,Mission Impact v2.0.0,Human Impact v2.0.2
0,negligible,degraded,low
1,negligible,mef support crippled,low
2,negligible,mef failure,medium
3,negligible,mission failure,very high
4,marginal,degraded,low
5,marginal,mef support crippled,low
6,marginal,mef failure,medium
7,marginal,mission failure,very high
8,critical,degraded,medium
9,critical,mef support crippled,high
10,critical,mef failure,high
11,critical,mission failure,very high
12,catastrophic,degraded,very high
13,catastrophic,mef support crippled,very high
14,catastrophic,mef failure,very high
15,catastrophic,mission failure,very high`;

export const TECHNICAL_IMPACT_CSV = `row,Privileges Required v1.0.1 (cvss),Confidentiality Impact to the Vulnerable System v3.0.0 (cvss),Integrity Impact to the Vulnerable System v3.0.0 (cvss),Technical Impact v1.0.0
0,high,none,none,partial
1,low,none,none,partial
2,high,low,none,partial
3,high,none,low,partial
4,none,none,none,partial
5,low,low,none,partial
6,high,high,none,partial
7,low,none,low,partial
8,high,low,low,partial
9,high,none,high,partial
10,none,low,none,partial
11,low,high,none,partial
12,none,none,low,partial
13,low,low,low,partial
14,high,high,low,partial
15,low,none,high,partial
16,high,low,high,partial
17,none,high,none,partial
18,none,low,low,partial
19,low,high,low,partial
20,none,none,high,partial
21,low,low,high,partial
22,high,high,high,total
23,none,high,low,total
24,none,low,high,total
25,low,high,high,total
26,none,high,high,total`;

/** Rows of a published CSV as value lists, the row number and header dropped, values normalised
 * to the contracts' spelling ("public poc" -> poc, "very high" -> very_high, "track*" -> track_star). */
export function publishedRows(csv: string, numbered = true): string[][] {
  return csv
    .split('\n')
    .slice(1)
    .map((line) =>
      line
        .split(',')
        .slice(numbered ? 1 : 0)
        .map((v) =>
          v
            .trim()
            .replace('public poc', 'poc')
            .replace('track*', 'track_star')
            .replace(/[ -]/g, '_'),
        ),
    );
}
