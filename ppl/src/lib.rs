//! PPL, the parallel programming language of Darabi's thesis (ch. 4): programs as trees of basic
//! blocks (parallel, vectorised, sequential) joined by sequential, parallel and fusion composition;
//! the extended happens-before relation; and the proof obligations of ch. 5 as Viper programs.
