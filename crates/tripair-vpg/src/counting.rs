//! An operation-counting base field (stub replaced below).
