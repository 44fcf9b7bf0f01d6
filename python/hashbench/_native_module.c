/*
 * _native_module.c -- the hashlib-style API (hashbench.new, hashbench.Hash,
 * hashbench.hash) as CPython entry points in the library's own extension.
 *
 * Everything else (descriptor metadata, the implementation switches, HMAC
 * over unregistered hashes, benchmarks) stays in ctypes (native.py): a
 * ctypes call costs about 0.6 us, and the ctypes Hash needed several per
 * hash (name lookup, three buffers, init, update, final), 10-20 times the
 * hash of 1 KiB.  Here each Python call is one C call, as in hashlib.
 *
 * Only the library's public API (include/hashbench.h) is called, and hb_wipe.  Error
 * messages are built in Python (hashbench.core), which registers them with
 * _set_hooks(): the error paths are not worth a second copy in C.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pythread.h>
#include <stddef.h>
#include <string.h>

#include "hashbench.h"
/* hb_wipe: the library's own context wipe (a context may hold a key) */
#include "../../src/common/hb_util.h"

/* Inputs of at least this many bytes are hashed with the GIL released, as
 * hashlib does (its HASHLIB_GIL_MINSIZE): below it, releasing and taking
 * the GIL back costs more than another thread could gain. */
#define GIL_MINSIZE 2048
/* the output of an XOF asked for without a length, and the longest one
 * (hashbench.core.XOF_DEFAULT and its digest() check) */
#define XOF_DEFAULT 32
#define XOF_MAX (1L << 28)
/* names looked up and found, kept; a bound so that a program inventing
 * names cannot grow the cache without end */
#define NAME_CACHE_MAX 512

static PyObject *name_cache;   /* str as given -> int index into the registry */
static PyObject **algo_names;  /* canonical name of each registry entry */
static size_t n_algos;
/* hashbench.core's error builders, _set_hooks() */
static PyObject *hook_unknown; /* name -> UnknownAlgorithm */
static PyObject *hook_error;   /* (name, code, key, digest_size, custom, salt, person) -> ValueError */
static PyObject *hook_fallback;/* (name, data, key, digest_size, custom, salt, person) -> HMAC or raise */

/* ---- arguments --------------------------------------------------------- */

/* new(), Hash() and hash() share one list; hash() alone takes length */
enum { A_NAME, A_DATA, A_KEY, A_DIGEST_SIZE, A_CUSTOM, A_SALT, A_PERSON, A_LENGTH, A_COUNT };
static const char *const arg_names[A_COUNT] = {
    "name", "data", "key", "digest_size", "customization", "salt", "person", "length"};
static PyObject *arg_strs[A_COUNT]; /* interned: keyword names usually match by identity */

static int arg_index(PyObject *kw, int nmax)
{
    int j;
    for (j = 0; j < nmax; j++)
        if (kw == arg_strs[j]) return j;
    for (j = 0; j < nmax; j++)
        if (PyUnicode_Check(kw) && PyUnicode_Compare(kw, arg_strs[j]) == 0) return j;
    return -1;
}

static int arg_set(const char *fn, PyObject **out, PyObject *kw, PyObject *v, int nmax)
{
    int j = arg_index(kw, nmax);
    if (j < 0) {
        PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%S'", fn, kw);
        return -1;
    }
    if (out[j]) {
        PyErr_Format(PyExc_TypeError, "%s() got multiple values for argument '%s'", fn, arg_names[j]);
        return -1;
    }
    out[j] = v;
    return 0;
}

/* The arguments of a call, positional (name, data) then keywords, into
 * out[A_*] (borrowed; NULL when not given), either as a vectorcall
 * (kwnames, values after the positional ones) or as a keyword dict. */
static int parse_args(const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                      PyObject *kwdict, int nmax, int data_required, PyObject **out)
{
    Py_ssize_t i;
    memset(out, 0, A_COUNT * sizeof *out);
    if (nargs > 2) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most 2 positional arguments (%zd given)", fn, nargs);
        return -1;
    }
    for (i = 0; i < nargs; i++) out[i] = args[i];
    if (kwnames) {
        for (i = 0; i < PyTuple_GET_SIZE(kwnames); i++)
            if (arg_set(fn, out, PyTuple_GET_ITEM(kwnames, i), args[nargs + i], nmax)) return -1;
    } else if (kwdict) {
        PyObject *k, *v;
        Py_ssize_t pos = 0;
        while (PyDict_Next(kwdict, &pos, &k, &v))
            if (arg_set(fn, out, k, v, nmax)) return -1;
    }
    if (!out[A_NAME] || (data_required && !out[A_DATA])) {
        PyErr_Format(PyExc_TypeError, "%s() missing required argument '%s'", fn,
                     out[A_NAME] ? "data" : "name");
        return -1;
    }
    return 0;
}

/* A key/customisation/salt/personalisation as bytes (a new reference, or
 * NULL with no error when absent).  Copied into bytes: the contexts of
 * kt128/kt256 point at a long customisation until final, so it must not
 * change or move, and these are short. */
static int param_bytes(PyObject *v, const char *what, PyObject **out)
{
    *out = NULL;
    if (!v || v == Py_None) return 0;
    if (PyBytes_CheckExact(v)) {
        Py_INCREF(v);
        *out = v;
        return 0;
    }
    if (PyUnicode_Check(v)) {
        PyErr_Format(PyExc_TypeError, "%s must be bytes, not str", what);
        return -1;
    }
    if (!PyObject_CheckBuffer(v)) {
        PyErr_Format(PyExc_TypeError, "%s must be a bytes-like object, not '%.100s'", what, Py_TYPE(v)->tp_name);
        return -1;
    }
    *out = PyBytes_FromObject(v); /* any buffer, contiguous or not */
    return *out ? 0 : -1;
}

typedef struct {
    PyObject *key, *custom, *salt, *person; /* bytes or NULL */
    hb_params p;
} params;

static void params_clear(params *q)
{
    Py_CLEAR(q->key);
    Py_CLEAR(q->custom);
    Py_CLEAR(q->salt);
    Py_CLEAR(q->person);
}

static void set_field(PyObject *b, const uint8_t **ptr, size_t *len)
{
    if (b) {
        *ptr = (const uint8_t *)PyBytes_AS_STRING(b);
        *len = (size_t)PyBytes_GET_SIZE(b);
    }
}

/* The parameters of init from out[A_*]; digest_size checked as
 * hashbench.core.CtypesHash checks it.  -1 with an exception set (and
 * nothing held) on error. */
static int params_from(PyObject **out, const hb_algo *a, PyObject *name, params *q)
{
    static const hb_params empty = HB_PARAMS_INIT;
    PyObject *ds = out[A_DIGEST_SIZE];
    memset(q, 0, sizeof *q);
    q->p = empty;
    if (param_bytes(out[A_KEY], "key", &q->key) || param_bytes(out[A_CUSTOM], "customization", &q->custom) ||
        param_bytes(out[A_SALT], "salt", &q->salt) || param_bytes(out[A_PERSON], "person", &q->person))
        goto fail;
    if (ds && ds != Py_None) {
        int overflow = 0;
        long v = PyLong_Check(ds) ? PyLong_AsLongAndOverflow(ds, &overflow) : 0;
        if (v == -1 && PyErr_Occurred()) goto fail;
        if (!PyLong_Check(ds) || overflow || v < 1 || v > 65535) {
            PyErr_Format(PyExc_ValueError, "digest_size must be an integer in 1..65535, not %R", ds);
            goto fail;
        }
        if (a->flags & HB_XOF) {
            PyErr_Format(PyExc_ValueError, "%U is an XOF: give the output length as digest(length) or "
                         "hash(..., length=n), not as digest_size", name);
            goto fail;
        }
        q->p.out_len = (size_t)v;
    }
    set_field(q->key, &q->p.key, &q->p.key_len);
    set_field(q->custom, &q->p.custom, &q->p.custom_len);
    set_field(q->salt, &q->p.salt, &q->p.salt_len);
    set_field(q->person, &q->p.pers, &q->p.pers_len);
    return 0;
fail:
    params_clear(q);
    return -1;
}

/* init refused the parameters: hashbench.core says why */
static void init_error(PyObject *name, int code, PyObject **out, params *q)
{
    PyObject *e;
    if (!hook_error) {
        PyErr_Format(PyExc_ValueError, "%U: init failed (%d)", name, code);
        return;
    }
    e = PyObject_CallFunction(hook_error, "OiOOOOO", name, code, q->key ? q->key : Py_None,
                              out[A_DIGEST_SIZE] ? out[A_DIGEST_SIZE] : Py_None, q->custom ? q->custom : Py_None,
                              q->salt ? q->salt : Py_None, q->person ? q->person : Py_None);
    if (e) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
}

/* ---- names ------------------------------------------------------------- */

/* The registry entry of a name (index in *idx), NULL without an exception
 * when there is none, NULL with one when the name is not a str. */
static const hb_algo *find_algo(PyObject *name, size_t *idx)
{
    PyObject *v;
    const hb_algo *a;
    const char *s;
    Py_ssize_t len;
    size_t i;
    if (!PyUnicode_Check(name)) {
        PyErr_Format(PyExc_TypeError, "the algorithm name must be a str, not '%.100s'", Py_TYPE(name)->tp_name);
        return NULL;
    }
    v = PyDict_GetItemWithError(name_cache, name);
    if (v) {
        *idx = (size_t)PyLong_AsSsize_t(v);
        return hb_at(*idx);
    }
    if (PyErr_Occurred()) return NULL;
    s = PyUnicode_AsUTF8AndSize(name, &len);
    if (!s) return NULL;
    if ((size_t)len != strlen(s)) return NULL; /* an embedded NUL: no registry name has one */
    a = hb_find(s);
    if (!a) return NULL;
    for (i = 0; i < n_algos && hb_at(i) != a; i++) {}
    if (i == n_algos) return NULL;
    *idx = i;
    if (PyDict_GET_SIZE(name_cache) < NAME_CACHE_MAX) {
        PyObject *n = PyLong_FromSize_t(i);
        if (!n || PyDict_SetItem(name_cache, name, n)) {
            Py_XDECREF(n);
            return NULL;
        }
        Py_DECREF(n);
    }
    return a;
}

static void unknown_name(PyObject *name)
{
    PyObject *e;
    if (!hook_unknown) {
        PyErr_Format(PyExc_ValueError, "unknown algorithm %R", name);
        return;
    }
    e = PyObject_CallFunctionObjArgs(hook_unknown, name, NULL);
    if (e) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
}

/* a name the registry does not have: hashbench's hmac_<hash> for any hash,
 * or UnknownAlgorithm (core._fallback decides) */
static PyObject *fallback(PyObject **out)
{
    int i;
    PyObject *argv[A_PERSON + 1];
    if (!hook_fallback) {
        unknown_name(out[A_NAME]);
        return NULL;
    }
    for (i = 0; i <= A_PERSON; i++) argv[i] = out[i] ? out[i] : Py_None;
    return PyObject_CallFunctionObjArgs(hook_fallback, argv[0], argv[1], argv[2], argv[3], argv[4], argv[5],
                                       argv[6], NULL);
}

/* ---- input ------------------------------------------------------------- */

/* The bytes of `data` for hashing: bytes directly, anything else through
 * the buffer protocol (view->obj is then set and must be released). */
static int get_input(PyObject *data, Py_buffer *view, const uint8_t **p, size_t *len)
{
    view->obj = NULL;
    if (PyBytes_CheckExact(data)) {
        *p = (const uint8_t *)PyBytes_AS_STRING(data);
        *len = (size_t)PyBytes_GET_SIZE(data);
        return 0;
    }
    if (PyUnicode_Check(data)) {
        PyErr_SetString(PyExc_TypeError, "Strings must be encoded before hashing");
        return -1;
    }
    if (!PyObject_CheckBuffer(data)) {
        PyErr_Format(PyExc_TypeError, "data must be a bytes-like object, not '%.100s'", Py_TYPE(data)->tp_name);
        return -1;
    }
    /* PyBUF_SIMPLE: one contiguous run of bytes, whatever the item format;
     * a strided view (memoryview[::2], a transposed array) cannot give one */
    if (PyObject_GetBuffer(data, view, PyBUF_SIMPLE) < 0) {
        PyObject *t, *v, *tb;
        PyErr_Fetch(&t, &v, &tb);
        PyErr_NormalizeException(&t, &v, &tb);
        PyErr_Format(PyExc_BufferError,
                     "data must be a C-contiguous buffer; this '%.100s' is not (%S): pass bytes(data) or a "
                     "contiguous copy", Py_TYPE(data)->tp_name, v ? v : Py_None);
        Py_XDECREF(t);
        Py_XDECREF(v);
        Py_XDECREF(tb);
        view->obj = NULL;
        return -1;
    }
    *p = (const uint8_t *)view->buf;
    *len = (size_t)view->len;
    return 0;
}

/* ---- the Hash object --------------------------------------------------- */

typedef struct {
    PyObject_VAR_HEAD          /* ob_size: the context's length in 64-bit words */
    const hb_algo *algo;
    PyObject *name;            /* canonical name, shared with algo_names */
    PyObject *keep;            /* the customisation kt128/kt256 read at final, or NULL */
    PyThread_type_lock lock;   /* from the first update without the GIL on; NULL before */
    Py_ssize_t digest_size;    /* 0 for an XOF */
    uint64_t ctx[];            /* algo->ctx_size bytes, aligned for uint64_t as hashbench.h asks */
} HashObject;

static PyTypeObject HashType;

/* While updates can run without the GIL (once self->lock exists), every
 * use of the context holds the lock; taking it may wait, so without the
 * GIL when it is not free at once. */
static void ctx_enter(HashObject *self)
{
    if (self->lock && !PyThread_acquire_lock(self->lock, 0)) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(self->lock, 1);
        Py_END_ALLOW_THREADS
    }
}

static void ctx_leave(HashObject *self)
{
    if (self->lock) PyThread_release_lock(self->lock);
}

static size_t ctx_words(const hb_algo *a)
{
    return ((size_t)a->ctx_size + sizeof(uint64_t) - 1) / sizeof(uint64_t);
}

static int feed(HashObject *self, PyObject *data)
{
    Py_buffer view;
    const uint8_t *p;
    size_t len;
    if (get_input(data, &view, &p, &len)) return -1;
    if (len >= GIL_MINSIZE) {
        if (!self->lock) {
            self->lock = PyThread_allocate_lock();
            if (!self->lock) {
                if (view.obj) PyBuffer_Release(&view);
                PyErr_SetString(PyExc_MemoryError, "cannot allocate the hash object's lock");
                return -1;
            }
        }
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(self->lock, 1);
        self->algo->update(self->ctx, p, len);
        PyThread_release_lock(self->lock);
        Py_END_ALLOW_THREADS
    } else {
        ctx_enter(self);
        self->algo->update(self->ctx, p, len);
        ctx_leave(self);
    }
    if (view.obj) PyBuffer_Release(&view);
    return 0;
}

static HashObject *hash_alloc(const hb_algo *a, size_t idx)
{
    HashObject *h = PyObject_NewVar(HashObject, &HashType, (Py_ssize_t)ctx_words(a));
    if (!h) return NULL;
    h->algo = a;
    h->name = algo_names[idx];
    Py_INCREF(h->name);
    h->keep = NULL;
    h->lock = NULL;
    h->digest_size = 0;
    return h;
}

/* new() and Hash(): an initialised object fed with data.  `or_fallback`:
 * a name the registry lacks goes to core._fallback (new() may return an
 * HMAC), else it is UnknownAlgorithm. */
static PyObject *make_hash(PyObject **out, int or_fallback)
{
    size_t idx = 0;
    const hb_algo *a = find_algo(out[A_NAME], &idx);
    HashObject *h;
    params q;
    int rc;
    if (!a) {
        if (PyErr_Occurred()) return NULL;
        if (or_fallback) return fallback(out);
        unknown_name(out[A_NAME]);
        return NULL;
    }
    if (params_from(out, a, algo_names[idx], &q)) return NULL;
    h = hash_alloc(a, idx);
    if (!h) {
        params_clear(&q);
        return NULL;
    }
    rc = a->init(h->ctx, &q.p);
    if (rc != HB_OK) {
        init_error(algo_names[idx], rc, out, &q);
        params_clear(&q);
        Py_DECREF(h);
        return NULL;
    }
    h->digest_size = (a->flags & HB_XOF) ? 0 : (Py_ssize_t)(q.p.out_len ? q.p.out_len : a->digest_size);
    if ((a->flags & HB_CUSTOM) && q.custom) {
        h->keep = q.custom;
        q.custom = NULL;
    }
    params_clear(&q);
    if (out[A_DATA] && out[A_DATA] != Py_None && feed(h, out[A_DATA])) {
        Py_DECREF(h);
        return NULL;
    }
    return (PyObject *)h;
}

static PyObject *hash_tp_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    PyObject *out[A_COUNT];
    (void)type;
    if (parse_args("Hash", &PyTuple_GET_ITEM(args, 0), PyTuple_GET_SIZE(args), NULL, kwargs, A_PERSON + 1, 0, out))
        return NULL;
    return make_hash(out, 0);
}

#if PY_VERSION_HEX >= 0x03090000
static PyObject *hash_vectorcall(PyObject *type, PyObject *const *args, size_t nargsf, PyObject *kwnames)
{
    PyObject *out[A_COUNT];
    (void)type;
    if (parse_args("Hash", args, PyVectorcall_NARGS(nargsf), kwnames, NULL, A_PERSON + 1, 0, out)) return NULL;
    return make_hash(out, 0);
}
#endif

static void hash_dealloc(HashObject *self)
{
    hb_wipe(self->ctx, (size_t)Py_SIZE(self) * sizeof(uint64_t));
    if (self->lock) PyThread_free_lock(self->lock);
    Py_XDECREF(self->name);
    Py_XDECREF(self->keep);
    PyObject_Free(self);
}

static PyObject *hash_update(HashObject *self, PyObject *data)
{
    if (feed(self, data)) return NULL;
    Py_RETURN_NONE;
}

/* the output length digest(length) asks for, -1 with an exception */
static Py_ssize_t out_length(HashObject *self, PyObject *length)
{
    int overflow = 0;
    long n;
    if (!(self->algo->flags & HB_XOF)) {
        if (length && length != Py_None) {
            n = PyLong_Check(length) ? PyLong_AsLongAndOverflow(length, &overflow) : -1;
            if (n == -1 && PyErr_Occurred()) return -1;
            if (!PyLong_Check(length) || overflow || n != self->digest_size) {
                PyErr_Format(PyExc_ValueError, "%U has a fixed digest size of %zd bytes", self->name,
                             self->digest_size);
                return -1;
            }
        }
        return self->digest_size;
    }
    if (!length || length == Py_None) return XOF_DEFAULT;
    n = PyLong_Check(length) ? PyLong_AsLongAndOverflow(length, &overflow) : -1;
    if (n == -1 && PyErr_Occurred()) return -1;
    if (!PyLong_Check(length) || overflow || n < 0 || n > XOF_MAX) {
        PyErr_Format(PyExc_ValueError, "length must be an integer in 0..2^28, not %R", length);
        return -1;
    }
    return (Py_ssize_t)n;
}

/* final on a copy of the context, so that the object can go on */
static PyObject *final_copy(HashObject *self, PyObject *length)
{
    Py_ssize_t n = out_length(self, length);
    size_t words = (size_t)Py_SIZE(self);
    PyObject *res;
    uint8_t *o;
    uint64_t *tmp;
    if (n < 0) return NULL;
    res = PyBytes_FromStringAndSize(NULL, n);
    if (!res) return NULL;
    o = (uint8_t *)PyBytes_AS_STRING(res);
    tmp = PyMem_Malloc(words * sizeof(uint64_t));
    if (!tmp) {
        Py_DECREF(res);
        return PyErr_NoMemory();
    }
    ctx_enter(self);
    memcpy(tmp, self->ctx, words * sizeof(uint64_t));
    ctx_leave(self);
    if (n >= GIL_MINSIZE) {
        /* a long XOF output: the copy and the new bytes are this call's own */
        Py_BEGIN_ALLOW_THREADS
        self->algo->final(tmp, o, (size_t)n);
        Py_END_ALLOW_THREADS
    } else {
        self->algo->final(tmp, o, (size_t)n);
    }
    hb_wipe(tmp, words * sizeof(uint64_t));
    PyMem_Free(tmp);
    return res;
}

static int one_length_arg(const char *fn, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                          PyObject **length)
{
    *length = NULL;
    if (nargs > 1 || (kwnames && PyTuple_GET_SIZE(kwnames) > 1)) {
        PyErr_Format(PyExc_TypeError, "%s() takes at most 1 argument", fn);
        return -1;
    }
    if (nargs == 1) *length = args[0];
    if (kwnames && PyTuple_GET_SIZE(kwnames) == 1) {
        PyObject *k = PyTuple_GET_ITEM(kwnames, 0);
        if (nargs == 1 || PyUnicode_Compare(k, arg_strs[A_LENGTH]) != 0) {
            PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%S'", fn, k);
            return -1;
        }
        *length = args[nargs];
    }
    return 0;
}

static PyObject *hash_digest(HashObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *length;
    if (one_length_arg("digest", args, nargs, kwnames, &length)) return NULL;
    return final_copy(self, length);
}

static PyObject *hash_hexdigest(HashObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    static const char hex[] = "0123456789abcdef";
    PyObject *length, *d, *s;
    Py_ssize_t i, n;
    const uint8_t *p;
    Py_UCS1 *o;
    if (one_length_arg("hexdigest", args, nargs, kwnames, &length)) return NULL;
    d = final_copy(self, length);
    if (!d) return NULL;
    n = PyBytes_GET_SIZE(d);
    s = PyUnicode_New(2 * n, 127);
    if (s) {
        p = (const uint8_t *)PyBytes_AS_STRING(d);
        o = PyUnicode_1BYTE_DATA(s);
        for (i = 0; i < n; i++) {
            o[2 * i] = (Py_UCS1)hex[p[i] >> 4];
            o[2 * i + 1] = (Py_UCS1)hex[p[i] & 15];
        }
    }
    Py_DECREF(d);
    return s;
}

static PyObject *hash_copy(HashObject *self, PyObject *unused)
{
    HashObject *c;
    (void)unused;
    c = PyObject_NewVar(HashObject, &HashType, Py_SIZE(self));
    if (!c) return NULL;
    c->algo = self->algo;
    c->name = self->name;
    Py_INCREF(c->name);
    c->keep = self->keep; /* immutable bytes: shared, as the context copy points at them */
    Py_XINCREF(c->keep);
    c->lock = NULL;
    c->digest_size = self->digest_size;
    ctx_enter(self);
    memcpy(c->ctx, self->ctx, (size_t)Py_SIZE(self) * sizeof(uint64_t));
    ctx_leave(self);
    return (PyObject *)c;
}

static PyObject *hash_repr(HashObject *self)
{
    return PyUnicode_FromFormat("<hashbench %U object>", self->name);
}

static PyObject *get_name(HashObject *self, void *unused)
{
    (void)unused;
    Py_INCREF(self->name);
    return self->name;
}

static PyObject *get_digest_size(HashObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromSsize_t(self->digest_size);
}

static PyObject *get_block_size(HashObject *self, void *unused)
{
    (void)unused;
    return PyLong_FromLong(self->algo->block_size);
}

static PyMethodDef hash_methods[] = {
    {"update", (PyCFunction)hash_update, METH_O,
     "update(data): hash the bytes of data (bytes or any C-contiguous buffer)"},
    {"digest", (PyCFunction)(void (*)(void))hash_digest, METH_FASTCALL | METH_KEYWORDS,
     "digest(length=None): the digest so far (for an XOF length bytes, 32 by default)"},
    {"hexdigest", (PyCFunction)(void (*)(void))hash_hexdigest, METH_FASTCALL | METH_KEYWORDS,
     "hexdigest(length=None): digest() as lower-case hex"},
    {"copy", (PyCFunction)hash_copy, METH_NOARGS, "an independent copy of the running hash"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef hash_getset[] = {
    {"name", (getter)get_name, NULL, "canonical algorithm name", NULL},
    {"digest_size", (getter)get_digest_size, NULL, "digest length in bytes (0 for an XOF)", NULL},
    {"block_size", (getter)get_block_size, NULL, "compression block or sponge rate in bytes", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject HashType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "hashbench.Hash",
    .tp_basicsize = offsetof(HashObject, ctx),
    .tp_itemsize = sizeof(uint64_t),
    .tp_dealloc = (destructor)hash_dealloc,
    .tp_repr = (reprfunc)hash_repr,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Hash(name, data=b'', *, key=None, digest_size=None, customization=None, salt=None, person=None)\n"
              "A running hash with hashlib's interface: update, digest, hexdigest, copy, name,\n"
              "digest_size, block_size.  For an XOF digest(length) and hexdigest(length), 32 bytes\n"
              "by default.",
    .tp_methods = hash_methods,
    .tp_getset = hash_getset,
    .tp_new = hash_tp_new,
};

/* ---- module functions -------------------------------------------------- */

static PyObject *mod_new(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *out[A_COUNT];
    (void)mod;
    if (parse_args("new", args, nargs, kwnames, NULL, A_PERSON + 1, 0, out)) return NULL;
    return make_hash(out, 1);
}

static PyObject *mod_hash(PyObject *mod, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *out[A_COUNT], *res;
    size_t idx = 0, len, out_len;
    const hb_algo *a;
    const uint8_t *in;
    Py_buffer view;
    params q;
    int rc;
    (void)mod;
    if (parse_args("hash", args, nargs, kwnames, NULL, A_COUNT, 1, out)) return NULL;
    a = find_algo(out[A_NAME], &idx);
    if (!a) {
        PyObject *h, *d;
        Py_ssize_t n;
        if (PyErr_Occurred()) return NULL;
        h = fallback(out);
        if (!h) return NULL;
        d = PyObject_CallMethod(h, "digest", NULL);
        Py_DECREF(h);
        if (d && out[A_LENGTH] && out[A_LENGTH] != Py_None && PyBytes_Check(d)) {
            n = PyLong_Check(out[A_LENGTH]) ? PyLong_AsSsize_t(out[A_LENGTH]) : -1;
            if (n != PyBytes_GET_SIZE(d)) {
                PyErr_Clear();
                PyErr_Format(PyExc_ValueError, "%U has a fixed digest size of %zd bytes", out[A_NAME],
                             PyBytes_GET_SIZE(d));
                Py_CLEAR(d);
            }
        }
        return d;
    }
    if (params_from(out, a, algo_names[idx], &q)) return NULL;
    if (a->flags & HB_XOF) {
        PyObject *l = out[A_LENGTH];
        int overflow = 0;
        long n = XOF_DEFAULT;
        if (l && l != Py_None) {
            n = PyLong_Check(l) ? PyLong_AsLongAndOverflow(l, &overflow) : -1;
            if (n == -1 && PyErr_Occurred()) goto fail;
            if (!PyLong_Check(l) || overflow || n < 0 || n > XOF_MAX) {
                PyErr_Format(PyExc_ValueError, "length must be an integer in 0..2^28, not %R", l);
                goto fail;
            }
        }
        out_len = (size_t)n;
    } else {
        PyObject *l = out[A_LENGTH];
        out_len = q.p.out_len ? q.p.out_len : a->digest_size;
        if (l && l != Py_None) {
            int overflow = 0;
            long n = PyLong_Check(l) ? PyLong_AsLongAndOverflow(l, &overflow) : -1;
            if (n == -1 && PyErr_Occurred()) goto fail;
            if (!PyLong_Check(l) || overflow || n < 0 || (size_t)n != out_len) {
                PyErr_Format(PyExc_ValueError, "%U has a fixed digest size of %zu bytes", algo_names[idx], out_len);
                goto fail;
            }
        }
    }
    if (get_input(out[A_DATA], &view, &in, &len)) goto fail;
    res = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)out_len);
    if (!res) {
        if (view.obj) PyBuffer_Release(&view);
        goto fail;
    }
    if (len >= GIL_MINSIZE || out_len >= GIL_MINSIZE) {
        Py_BEGIN_ALLOW_THREADS
        rc = hb_hash(a, &q.p, in, len, (uint8_t *)PyBytes_AS_STRING(res), out_len);
        Py_END_ALLOW_THREADS
    } else {
        rc = hb_hash(a, &q.p, in, len, (uint8_t *)PyBytes_AS_STRING(res), out_len);
    }
    if (view.obj) PyBuffer_Release(&view);
    if (rc != HB_OK) {
        Py_DECREF(res);
        init_error(algo_names[idx], rc, out, &q);
        goto fail;
    }
    params_clear(&q);
    return res;
fail:
    params_clear(&q);
    return NULL;
}

static PyObject *mod_set_hooks(PyObject *mod, PyObject *args)
{
    PyObject *u, *e, *f;
    (void)mod;
    if (!PyArg_ParseTuple(args, "OOO:_set_hooks", &u, &e, &f)) return NULL;
    Py_INCREF(u);
    Py_INCREF(e);
    Py_INCREF(f);
    Py_XSETREF(hook_unknown, u);
    Py_XSETREF(hook_error, e);
    Py_XSETREF(hook_fallback, f);
    Py_RETURN_NONE;
}

static PyMethodDef mod_methods[] = {
    {"new", (PyCFunction)(void (*)(void))mod_new, METH_FASTCALL | METH_KEYWORDS,
     "new(name, data=b'', *, key=None, digest_size=None, customization=None, salt=None, person=None)\n"
     "A Hash of any registry algorithm; hmac_<hash> works for every fixed-length hash, registered or\n"
     "not (hashbench.HMAC)."},
    {"hash", (PyCFunction)(void (*)(void))mod_hash, METH_FASTCALL | METH_KEYWORDS,
     "hash(name, data, *, key=None, digest_size=None, customization=None, salt=None, person=None,\n"
     "     length=None)\n"
     "new(name, data, ...).digest(length) in one call (hb_hash)."},
    {"_set_hooks", mod_set_hooks, METH_VARARGS,
     "_set_hooks(unknown, init_error, fallback): hashbench.core's error builders"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "hashbench._native",
    "CPython entry points of the hashlib-style API; the library beside them is used through ctypes "
    "(hashbench.native).",
    -1, mod_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native(void)
{
    PyObject *m;
    size_t i;
    /* one module per process (a static type and a static cache) */
    if (!name_cache) {
        for (i = 0; i < A_COUNT; i++) {
            arg_strs[i] = PyUnicode_InternFromString(arg_names[i]);
            if (!arg_strs[i]) return NULL;
        }
        n_algos = hb_count();
        algo_names = PyMem_Calloc(n_algos ? n_algos : 1, sizeof *algo_names);
        if (!algo_names) return PyErr_NoMemory();
        name_cache = PyDict_New();
        if (!name_cache) return NULL;
        for (i = 0; i < n_algos; i++) {
            PyObject *n = PyUnicode_InternFromString(hb_at(i)->name), *ix = PyLong_FromSize_t(i);
            if (!n || !ix || PyDict_SetItem(name_cache, n, ix)) {
                Py_XDECREF(n);
                Py_XDECREF(ix);
                return NULL;
            }
            Py_DECREF(ix);
            algo_names[i] = n;
        }
#if PY_VERSION_HEX >= 0x03090000
        HashType.tp_vectorcall = hash_vectorcall;
#endif
        if (PyType_Ready(&HashType) < 0) return NULL;
    }
    m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&HashType);
    if (PyModule_AddObject(m, "Hash", (PyObject *)&HashType) < 0 ||
        PyModule_AddIntConstant(m, "GIL_MINSIZE", GIL_MINSIZE) < 0) {
        Py_DECREF(&HashType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
