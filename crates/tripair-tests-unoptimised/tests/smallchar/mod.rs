//! The small-characteristic fields and eta_T pairings, characteristic 3 then 2.

mod char2;
mod char3;
