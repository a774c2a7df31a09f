//! The small-characteristic fields and eta_T pairings, characteristic 3 then 2, in one test crate
//! (one build of the shared code instead of two).

mod smallchar;
mod smallchar2;
