"""Task admission (``geoverify admit``) and predicate fuzzing (``geoverify fuzz``).

Admission answers the machine-checkable part of the MathVis task admission
rubric (Appendix E) per field; fuzzing searches, with hypothesis, for
predicates that accept a changed proposition (too loose) or reject an allowed
transform of the reference (too strict).
"""

from geoverify.admission.admit import TaskAdmission, admit_task
from geoverify.admission.report import ADMISSION_SCHEMA_VERSION, AdmissionReport
from geoverify.admission.rubric import FAIL, FIELDS, NEEDS_EXPERT, NOT_EVALUATED, PASS, Check, FieldResult

__all__ = [
    "ADMISSION_SCHEMA_VERSION", "AdmissionReport", "Check", "FAIL", "FIELDS", "FieldResult", "NEEDS_EXPERT",
    "NOT_EVALUATED", "PASS", "TaskAdmission", "admit_task",
]
