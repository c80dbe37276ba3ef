"""BM25 as EDSL computes it, written from the formula, to check `ep` against.

Reads {"records": [...], "fields": [...], "query": "..."} on stdin; prints one score per record.
k1 = 1.5, b = 0.75, idf(t) = ln((N - df + 0.5) / (df + 0.5) + 1); a repeated query token counts again.
Tokens: lowercase, `. _ - / : #` become spaces, split on whitespace. A record's text is its fields joined;
a list contributes its items, a number or boolean its text, anything else nothing.
"""
import json
import math
import re
import sys

K1 = 1.5
B = 0.75


def tokens(text):
    return re.sub(r"[._\-/:#]", " ", text.lower()).split()


def parts(value):
    if isinstance(value, str):
        return [value]
    if isinstance(value, bool):
        return ["true" if value else "false"]
    if isinstance(value, (int, float)):
        return [str(value)]
    if isinstance(value, list):
        return [part for item in value for part in parts(item)]
    return []


def scores(records, fields, query):
    docs = [tokens(" ".join(part for field in fields for part in parts(record.get(field)))) for record in records]
    n = len(docs)
    if n == 0:
        return []
    avgdl = sum(len(doc) for doc in docs) / n
    df = {}
    for doc in docs:
        for term in set(doc):
            df[term] = df.get(term, 0) + 1
    idf = {term: math.log((n - count + 0.5) / (count + 0.5) + 1) for term, count in df.items()}
    result = [0.0] * n
    for term in tokens(query):
        if term not in idf:
            continue
        for i, doc in enumerate(docs):
            tf = doc.count(term)
            result[i] += idf[term] * (tf * (K1 + 1) / (tf + K1 * (1 - B + B * len(doc) / avgdl)))
    return result


request = json.load(sys.stdin)
json.dump(scores(request["records"], request["fields"], request["query"]), sys.stdout)
