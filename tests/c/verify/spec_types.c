// Ill-typed specifications.

/*@ requires n; @*/
void not_boolean(int n) { }

/*@ requires \old(n) > 0; @*/
void old_in_precondition(int n) { }

/*@ ensures \result == 0; @*/
void result_in_void(int n) { }
