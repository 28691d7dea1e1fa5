"""The words players read: the translation of every string (``i18n``), a tile set's own words
(``vocabulary``), and the rules pages (``rulespages``; ``setpage`` makes one from a tile set's
data).  Pure Python, no pygame: the view, the coach, the window and the commands read them.
"""
